import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { TEXT_CONTENT_TYPE, type ArtifactFile } from '../artifacts.js';
import { MAX_NETLIST_BYTES, MAX_TOOL_FILE_BYTES } from './tool-output.js';

/**
 * A check build's artifacts from its src/ folder: the resource report and the netlist when the tools
 * wrote them (within the sizes the gateway reads; a netlist too big is named in `log`), and the whole
 * log, opened with `summary` (the counts, which the live log can only give at its end).
 */
export async function collectArtifacts(
  src: string,
  summary: string,
  fullLog: readonly string[],
  log: (line: string) => void,
): Promise<ArtifactFile[]> {
  const artifacts: ArtifactFile[] = [];
  const size = (name: string) =>
    stat(path.join(src, name)).then(
      (s) => s.size,
      () => null,
    );
  const reportBytes = await size('resources.rpt');
  if (reportBytes !== null && reportBytes <= MAX_TOOL_FILE_BYTES) {
    artifacts.push({
      name: 'resources.rpt',
      contentType: TEXT_CONTENT_TYPE,
      content: await readFile(path.join(src, 'resources.rpt')),
    });
  }
  const netlistBytes = await size('netlist.json');
  if (netlistBytes !== null && netlistBytes <= MAX_NETLIST_BYTES) {
    artifacts.push({
      name: 'netlist.json',
      contentType: 'application/json',
      content: await readFile(path.join(src, 'netlist.json')),
    });
  } else if (netlistBytes !== null)
    log(`INFO: netlist.json (${netlistBytes} bytes) is larger than ${MAX_NETLIST_BYTES} bytes and is not kept`);
  artifacts.push({
    name: 'build.log',
    contentType: TEXT_CONTENT_TYPE,
    content: Buffer.from(`${[summary, ...fullLog].join('\n')}\n`),
  });
  return artifacts;
}
