/** The product's name (document title suffix, header title) and the version the header shows. */
export const PRODUCT_NAME = 'Cloud Compile';
export const PRODUCT_VERSION = '4.0.1';
/** The legacy compile tool covers firmware up to this version (spec §1, §9). */
export const LEGACY_FIRMWARE_MAX = 601;
