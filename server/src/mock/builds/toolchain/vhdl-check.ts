import { copyFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BuildOutcome } from '../runner.js';
import { diagnosticText, NOT_YOUR_ERROR } from '../diagnostics.js';
import { fileKind, type TopLevel } from '../hdl-project.js';
import { declarationTexts, MAX_ASSOCIATION_PASSES, PlatformAssociations } from './platform-associations.js';
import { MOKU_LIBRARY, MOKU_LIBRARY_NAME, VHDL_PLATFORM } from './platform-files.js';
import type { SynthesisContext } from './synthesis-context.js';
import type { ToolEnd } from './tool-process.js';
import { readToolFile, wroteTooMuch } from './tool-output.js';
import { entityXmlCommand, readEntityXml, type VhdlEntity } from './vhdl-entity-xml.js';
import { entitiesNamed, type UndescribedEntity } from './vhdl-entity-stubs.js';
import { dependencyOrder } from './vhdl-order.js';
import { SynthesisFindings } from './vhdl-synthesis.js';

/** A project file as a tool argument: `./name` is never read as an option, whatever the name. */
const asPath = (name: string) => `./${name}`;
const ok = (end: ToolEnd) => end.reason === 'exit' && end.code === 0;

/**
 * The VHDL step of a check build: GHDL analyses the platform library, then the project's VHDL files in
 * dependency order; for a VHDL top it synthesizes the design to Verilog for Yosys's estimate. Ends the
 * build (`done`: failed, or checked without an estimate) or hands on the netlist (null: no VHDL top) and,
 * for a Verilog top, the VHDL entities its Verilog may instantiate (a mixed design).
 */
export async function checkVhdl(
  ctx: SynthesisContext,
  ghdl: string,
  vhdl: string[],
  top: TopLevel,
): Promise<
  { done: true | BuildOutcome } | { netlist: string | null; entities: VhdlEntity[]; undescribed: UndescribedEntity[] }
> {
  const job = ctx.job();
  const dir = ctx.dir();
  const target = job.config.target;
  const std = ['--std=08', '--workdir=.'];
  // The platform library first, so user files may say `library Moku; use Moku.Support.all;`.
  const moku = MOKU_LIBRARY.map((n) => `../platform/${n}`);
  let end = await ctx.tool('ghdl', ghdl, ['-a', ...std, `--work=${MOKU_LIBRARY_NAME}`, ...moku]);
  if (!ok(end)) return { done: await ctx.failure(end) };
  end = await ctx.tool('ghdl', ghdl, ['-a', ...std, ...VHDL_PLATFORM.map((n) => `../platform/${n}`)]);
  if (!ok(end)) return { done: await ctx.failure(end) };
  end = await ctx.tool('ghdl', ghdl, ['-i', ...std, ...vhdl.map(asPath)]);
  if (!ok(end)) return { done: await ctx.failure(end) };
  // Analyse in dependency order (GHDL works it out from the imported units), then the rest.
  const order: string[] = [];
  await ctx.toolLines(ghdl, ['--elab-order', ...std, target.toLowerCase()], (line) => order.push(line.trim()));
  const ordered = order.map((name) => name.replace(/^\.\//, '')).filter((name) => vhdl.includes(name));
  // The files GHDL left out (all of them when a unit is missing) in the order their text gives.
  const rest = dependencyOrder(job.files.filter((f) => vhdl.includes(f.name) && !ordered.includes(f.name)));
  end = await analyseUserFiles(ctx, ghdl, [...std, ...[...ordered, ...rest].map(asPath)]);
  if (!ok(end)) return { done: await ctx.failure(end) };
  if (top.language !== 'vhdl') return { netlist: null, ...(await entitiesForVerilog(ctx, ghdl, vhdl)) };

  // The synthesized VHDL goes to Yosys as Verilog; unbound components stay black boxes there,
  // so a VHDL top may instantiate the project's Verilog modules (declared as components).
  const findings = new SynthesisFindings(top, job.files);
  const synth = (extra: string) => {
    const synthArgs = `--synth ${std.join(' ')}${extra} --out=verilog ${target.toLowerCase()}`;
    return ctx.tool('ghdl', 'sh', ['-c', `exec "$0" ${synthArgs} > ../vhdl-netlist.v`, ghdl], {
      shown: [synthArgs],
      rewrite: findings.rewrite,
    });
  };
  end = await synth('');
  // Latches are warnings (as the vendor's toolchain has them): once GHDL has named them, again with --latches.
  if (!ok(end) && findings.onlyLatches) end = await synth(' --latches');
  if (!ok(end) && findings.onlyToolLimits && end.reason === 'exit') {
    // What GHDL cannot synthesize it can still elaborate as a simulator would: the design is checked.
    const args = ['--elab-run', ...std, target.toLowerCase(), '--no-run'];
    end = await ctx.tool('ghdl', ghdl, args, { rewrite: findings.rewrite });
    if (!ok(end)) return { done: await ctx.failure(end) };
    ctx.log('The design was analysed and elaborated; the resource estimate is skipped (see the platform notes above)');
    return { done: true };
  }
  // GHDL's synthesis failing on its own, with nothing wrong found in the design: what it checked stands.
  // Out of memory, it has not checked the design: that stays a (tool) failure.
  if (!ok(end) && ctx.troubleKind() === 'crash' && !ctx.userErrors())
    return {
      done: ctx.estimateSkipped(
        top.file,
        `GHDL's synthesis ${ctx.troubleWords()}, so the design's elaboration and resource estimate were skipped`,
      ),
    };
  if (!ok(end)) return { done: await ctx.failure(end) };
  const netlist = (await readToolFile(path.join(dir, 'vhdl-netlist.v'))).toString('utf8');
  await copyFile(path.join(dir, 'vhdl-netlist.v'), path.join(dir, 'src', '.vhdl-netlist.v'));
  ctx.log(`GHDL synthesized ${target} (${netlist.split('\n').length} lines of Verilog for Yosys)`);
  return { netlist, entities: [], undescribed: [] };
}

/** Where GHDL's syntax tree of one file goes (beside src/, never among the user's files). */
const ENTITY_XML = 'vhdl-entity.xml';

/**
 * The entities of the analysed VHDL files that the project's Verilog names, as GHDL's syntax tree
 * (`--file-to-xml`) declares them. Those of a file GHDL cannot describe (its description over the bound
 * the gateway reads, or GHDL stopping) are `undescribed`, each said in the log with the reason: unknown
 * to Verilator, which names the missing module at the instance, a platform note (entityInstanceRewrite).
 */
async function entitiesForVerilog(
  ctx: SynthesisContext,
  ghdl: string,
  vhdl: string[],
): Promise<{ entities: VhdlEntity[]; undescribed: UndescribedEntity[] }> {
  const files = ctx.job().files;
  const verilog = files.filter((f) => fileKind(f.name) === 'verilog');
  const entities: VhdlEntity[] = [];
  const undescribed: UndescribedEntity[] = [];
  for (const file of files.filter((f) => vhdl.includes(f.name))) {
    const named = entitiesNamed(file, verilog);
    if (named.length === 0) continue;
    const xml = entityXmlCommand(ghdl, file.name, `../${ENTITY_XML}`);
    const end = await ctx.tool('ghdl', xml.command, xml.args, { shown: xml.shown, diagnostics: false });
    if (end.reason === 'time-limit' || end.reason === 'output-limit') break; // the build's own limits: it fails there
    const read = ok(end)
      ? await readEntityXml(path.join(ctx.dir(), ENTITY_XML), file)
      : {
          unreadable: `GHDL ${wroteTooMuch(end) ? 'wrote too large a description of' : 'could not describe'} ${file.name}`,
        };
    if (Array.isArray(read)) {
      entities.push(...read);
      continue;
    }
    for (const name of named) {
      undescribed.push({ name, file: file.name, why: read.unreadable });
      ctx.log(
        `INFO: ${file.name}: entity ${name} is a black box to the Verilog check because ${read.unreadable}: ${NOT_YOUR_ERROR}`,
      );
    }
  }
  return { entities, undescribed };
}

/**
 * `ghdl -a` of the user's files, in passes: associations at the platform's components that GHDL refuses
 * and the vendor's toolchain accepts are held back, the check copies edited to read them as the vendor
 * does (platform-associations.ts), each edit a platform note, and the files analysed again.
 */
async function analyseUserFiles(ctx: SynthesisContext, ghdl: string, args: string[]): Promise<ToolEnd> {
  const job = ctx.job();
  const associations = new PlatformAssociations(job.files);
  const readText = await declarationTexts(path.join(ctx.dir(), 'platform'), job.files);
  const report = () => {
    const fixes = associations.fix(readText);
    for (const error of fixes.errors) ctx.addDiagnostic(error, diagnosticText(error));
    for (const note of fixes.notes) ctx.addDiagnostic(note.diagnostic, note.text);
    return fixes;
  };
  let end = await ctx.tool('ghdl', ghdl, ['-a', ...args], { rewrite: associations.rewrite });
  for (let pass = 1; !ok(end) && end.reason === 'exit' && !ctx.userErrors(); pass++) {
    if (pass === MAX_ASSOCIATION_PASSES) break;
    const fixes = report();
    if (fixes.files.length === 0) return end;
    for (const file of fixes.files) await writeFile(path.join(ctx.dir(), 'src', file.name), file.content);
    end = await ctx.tool('ghdl', ghdl, ['-a', ...args], { rewrite: associations.rewrite });
  }
  // Errors of the design's own stop the build: what was held back is still told, as a note or an error.
  if (!ok(end)) report();
  return end;
}
