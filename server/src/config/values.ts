import fs from 'node:fs';
import { z } from 'zod';

/**
 * The kinds of value the environment holds, each with its one validation and message. Every
 * variable of the schema (config.ts, from the sections beside this file) is one of these or a zod
 * enum/string.
 */

/** What a section's variables are once parsed: the type of `z.object(variables)`'s output. */
export type ParsedVariables<Variables extends z.ZodRawShape> = z.output<z.ZodObject<Variables>>;

// One check, not .url() plus a refinement: zod runs refinements after a failed check too, and
// `new URL()` on a malformed value would throw instead of reporting it.
export const httpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'must be an http(s) URL');

export const origin = httpUrl.transform((value) => new URL(value).origin);

export const intFromEnv = (min: number, max: number) => {
  const message = `must be a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
};

/** A PEM file with at least one certificate, read at start so a typo stops the gateway, not the first request. */
export const pemFile = z.string().refine((file) => {
  try {
    return fs.readFileSync(file, 'utf8').includes('-----BEGIN CERTIFICATE-----');
  } catch {
    return false;
  }
}, 'must be a readable PEM file with at least one certificate');
