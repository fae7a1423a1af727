import { ApiValidationError } from '../../errors.js';
import { ok, type Handlers } from './types.js';

/** Terms acceptance goes to the mock identity provider, which owns the user's terms state. */
export const identityHandlers: Handlers = {
  updateTerms: async ({ identity, userId, sandbox, params }) => {
    const version = Number(params.tos_version);
    if (version > identity.termsVersion) {
      throw new ApiValidationError([
        {
          loc: ['path', 'tos_version'],
          msg: `Input should be less than or equal to ${identity.termsVersion} (the current terms version)`,
          type: 'less_than_equal',
        },
      ]);
    }
    const user = await identity.acceptTerms(userId, version, sandbox.sessionId);
    return ok({
      tos_state: user.tos_accepted_version < identity.termsVersion ? 'UNACCEPTED' : 'ACCEPTED',
      tos_version: identity.termsVersion,
      tos_accepted_version: user.tos_accepted_version,
    });
  },
};
