import { copyFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOutcome } from '../runner.js';
import type { TopLevel } from '../hdl-project.js';
import { blackBoxLines, ipCoresUsed, type NetlistCells } from './black-boxes.js';
import type { ToolSandbox } from './bubblewrap.js';
import { IP_CORES_VERILOG } from './platform-files.js';
import { platformNote } from './platform-notes.js';
import type { SynthesisContext } from './synthesis-context.js';
import { readToolFile, wroteTooMuch } from './tool-output.js';
import { reportLines, resourceSummary, yosysScript } from './toolchain-steps.js';
import type { VhdlEntity } from './vhdl-entity-xml.js';
import { yosysCommand } from './yosys-memory.js';

/** The platform note of a build whose time ran out while Yosys estimated its resources. */
export const YOSYS_TIME_LIMIT_NOTE =
  "Yosys did not finish the resource estimate within the build's time limit, so the estimate was skipped " +
  '(the design itself was checked; a design this large takes the estimate longer than a check build may run)';

/**
 * The estimate step of a check build: Yosys reads the project's Verilog and GHDL's netlist of a VHDL top
 * (the platform's IP cores as black boxes) and reports the generic cells the design needs. For a VHDL
 * top GHDL checked the design, for a Verilog top Verilator did: whatever stops Yosys then is a limit of
 * the check, said in a platform note (but Yosys checks a VHDL top's Verilog modules). A Verilog top's
 * VHDL entities (`mixed`: their stubs in src/, vhdl-entity-stubs.ts) are black boxes in the estimate.
 */
export async function estimateWithYosys(
  ctx: SynthesisContext,
  sandbox: ToolSandbox,
  verilog: string[],
  vhdlNetlist: string | null,
  top: TopLevel,
  mixed: { stubs: string; entities: readonly VhdlEntity[] } | null = null,
): Promise<true | BuildOutcome> {
  const src = path.join(ctx.dir(), 'src');
  await copyFile(path.join(ctx.dir(), 'platform', IP_CORES_VERILOG), path.join(src, '.ip-cores.v'));
  const script = yosysScript({
    target: ctx.job().config.target,
    blackBoxes: ['.ip-cores.v', ...(mixed ? [mixed.stubs] : [])],
    verilog,
    vhdlNetlist: vhdlNetlist ? '.vhdl-netlist.v' : null,
  });
  const yosys = yosysCommand(sandbox, ['-q', '-p', script]);
  const estimateOnly = top.language === 'verilog';
  const end = await ctx.tool('yosys', yosys.command, yosys.args, {
    shown: ['-q', '-p', `'${script}'`],
    sandbox: yosys.sandbox,
    diagnostics: !estimateOnly,
  });
  // GHDL or Verilator has checked the design by now: Yosys not finishing the estimate in the build's time
  // (a full-rate design of wide multipliers, on a loaded machine) is a limit of the estimate, not a failure.
  if (end.reason === 'time-limit' && !ctx.userErrors()) return ctx.estimateSkipped(top.file, YOSYS_TIME_LIMIT_NOTE);
  const stopped = end.reason === 'exit' ? end.code !== 0 : end.reason === 'signal' && !wroteTooMuch(end);
  if (stopped && !ctx.userErrors()) {
    const toolError = ctx.toolError();
    const why =
      ctx.troubleKind() !== null
        ? ctx.troubleWords()
        : `could not read the design${toolError ? ` (${toolError})` : ''}`;
    return ctx.estimateSkipped(top.file, `Yosys ${why}, so the resource estimate was skipped`);
  }
  if (end.reason !== 'exit' || end.code !== 0) return ctx.failure(end);
  const netlist = JSON.parse((await readToolFile(path.join(src, 'netlist.json'))).toString('utf8')) as NetlistCells;
  const blackBoxes = blackBoxLines(ipCoresUsed(netlist));
  if (blackBoxes.length > 0) ctx.log(...blackBoxes);
  const report = (await readToolFile(path.join(src, 'resources.rpt'))).toString('utf8');
  ctx.log('Resource report (Yosys generic cells):', ...reportLines(report));
  ctx.log(resourceSummary(report));
  for (const entity of mixed?.entities ?? []) {
    const what =
      `The VHDL entity ${entity.name} is instantiated from Verilog, and the check cannot merge GHDL's netlist ` +
      "of it with the Verilog's, so the resource estimate counts it as a black box (GHDL checked its VHDL)";
    const note = platformNote(entity.file, entity.line, what);
    ctx.addDiagnostic(note.diagnostic, note.text);
  }
  return true;
}
