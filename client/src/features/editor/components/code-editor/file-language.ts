/** The editor language of a project file, from its extension. Kept free of CodeMirror imports. */
export type FileLanguage = 'vhdl' | 'verilog' | 'tcl' | 'json' | 'text';

const BY_EXTENSION: Record<string, FileLanguage> = {
  vhd: 'vhdl',
  vhdl: 'vhdl',
  v: 'verilog',
  sv: 'verilog',
  vh: 'verilog',
  svh: 'verilog',
  xdc: 'tcl',
  tcl: 'tcl',
  sdc: 'tcl',
  xci: 'json',
  json: 'json',
};

export function fileLanguage(fileName: string): FileLanguage {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return 'text';
  return BY_EXTENSION[fileName.slice(dot + 1).toLowerCase()] ?? 'text';
}

export const LANGUAGE_LABELS: Record<FileLanguage, string> = {
  vhdl: 'VHDL',
  verilog: 'Verilog',
  tcl: 'Tcl / XDC',
  json: 'JSON',
  text: 'Plain text',
};
