import { ApiError, ApiValidationError } from '../../errors.js';
import { fileKind, unsafeFileNames } from '../builds/index.js';
import { CheckSuperseded } from '../checks/draft-check.js';
import { ok, str, type Handlers } from './types.js';

export const CHECK_SUPERSEDED = 'Superseded: a newer check of your draft started, so this one was stopped';
export const CHECKS_UNAVAILABLE =
  'This deployment cannot check drafts while typing: GHDL is not installed, or the tools could not be isolated (MOCK_BUILD_UNISOLATED=refuse)';

/** A draft checked while its user types (draft-check.ts): the project's saved files with the draft in place of its file. */
export const checkHandlers: Handlers = {
  checkDraft: async ({ sandbox, params, body, userId, checks }) => {
    const { name, content } = body as { name: string; content: string };
    const projectId = str(params.project_id);
    const { config } = sandbox.getProject(projectId);
    sandbox.getFile(projectId, name); // 404 when the project has no such file
    const checker = checks?.checker;
    if (!checks || !checker) throw new ApiError(501, CHECKS_UNAVAILABLE);
    if (!checker.checks(name)) {
      const why =
        fileKind(name) === 'verilog'
          ? 'Verilog and SystemVerilog are checked by Verilator, which is not installed here'
          : 'only VHDL (.vhd, .vhdl), Verilog (.v) and SystemVerilog (.sv) files are';
      throw new ApiValidationError([
        {
          loc: ['body', 'name'],
          msg: `${name} is not checked while typing: ${why}`,
          type: 'value_error',
        },
      ]);
    }
    // A Verilog draft is checked with the project's VHDL too: the entities its instances name (a mixed design).
    const languages = fileKind(name) === 'verilog' ? ['verilog', 'vhdl'] : [fileKind(name)];
    const files = sandbox
      .listFiles(projectId)
      .filter((f) => languages.includes(fileKind(f.name)))
      .map((f) => ({ name: f.name, content: sandbox.getFile(projectId, f.name).content }));
    const unsafe = unsafeFileNames(files.map((f) => f.name));
    if (unsafe.length > 0)
      throw new ApiValidationError([{ loc: ['body', 'name'], msg: unsafe[0]!, type: 'value_error' }]);

    const flight = checks.flights.begin(userId);
    try {
      return ok(await checker.check({ files, draft: { name, content }, target: config.target }, userId, flight.signal));
    } catch (error) {
      if (error instanceof CheckSuperseded) throw new ApiError(409, CHECK_SUPERSEDED);
      throw error;
    } finally {
      flight.finish();
    }
  },
};
