const secrets = new Set<string>();

/** Remembers a secret (the API key) so that nothing the command prints can contain it. */
export function keepSecret(secret: string): void {
  if (secret.length >= 4) secrets.add(secret);
}

/** The text with every remembered secret replaced by `***`. */
export function redact(text: string): string {
  let result = text;
  for (const secret of secrets) result = result.split(secret).join('***');
  return result;
}
