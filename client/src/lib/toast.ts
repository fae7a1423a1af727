/** How long a toast stays (spec §9). */
export const TOAST_DURATION_MS = 7000;
