/**
 * The platform's own HDL around a user's design (fixtures/platform), in the order GHDL analyses it: one
 * home for the lists the check build and the fixture checks both need.
 */

/** The slot's package: the register types and the interlaced interface's samples per cycle. */
export const SLOT_PACKAGE = 'custom-instrument-pkg.vhd';

/** The slot interface (library work): the package first, then the entities of each target. */
export const VHDL_PLATFORM = [
  'ip-cores-pkg.vhd',
  SLOT_PACKAGE,
  'custom-instrument.vhd',
  'custom-instrument-interlaced.vhd',
  'custom-wrapper.vhd',
];

/** The platform library that designs name as `library Moku; use Moku.Support.all;` (analysed with --work=Moku). */
export const MOKU_LIBRARY = ['moku/support.vhd', 'moku/scale-offset.vhd', 'moku/interpolator.vhd'];
export const MOKU_LIBRARY_NAME = 'Moku';
/** The components library Moku declares (moku/scale-offset.vhd, moku/interpolator.vhd). */
export const MOKU_COMPONENTS = ['ScaleOffset', 'ScaleOffset2', 'Interpolator'];

/**
 * The platform's pre-compiled IP cores: their components are declared in ip-cores-pkg.vhd (visible in the
 * slot's architecture without a use clause, as on the instrument), their empty modules in
 * verilog/ip-cores.v (read by Yosys as black boxes). A check build cannot synthesize them.
 */
export const IP_CORES = [
  'AddSubtract_16',
  'CIC_Dec_3Ordx8',
  'Cordic_Translate_16',
  'Counter_32',
  'FFT_1024',
  'FFT_65536',
  'FIR_Filter_7coef',
  'SineGen_48',
];
export const IP_CORES_VERILOG = 'ip-cores.v';
