import { describe, expect, it } from 'vitest';
import { createProgram } from './program';

describe('createProgram', () => {
  it('gives every command its own --help with a description and an example', () => {
    const program = createProgram();
    const names = program.commands.map((c) => c.name());
    expect(names).toEqual(['projects', 'create', 'push', 'config', 'build', 'cancel', 'logs', 'artifacts', 'simulate']);
    for (const command of program.commands) {
      let help = '';
      command.configureOutput({ writeOut: (text) => (help += text) });
      command.outputHelp();
      expect(help, command.name()).toMatch(new RegExp(`^Usage: cloud-compile ${command.name()} `));
      expect(help.replace(/\s+/g, ' '), command.name()).toContain(command.description());
      expect(help, command.name()).toMatch(/Examples?:\n {2}cloud-compile /);
    }
  });

  it('reads the address and key from the environment, and lists the exit codes', () => {
    let help = '';
    const program = createProgram().configureOutput({ writeOut: (text) => (help += text) });
    program.outputHelp();
    expect(help).toMatch(/env:\s+CLOUD_COMPILE_URL/);
    expect(help).toMatch(/env:\s+CLOUD_COMPILE_API_KEY/);
    expect(help).toContain('Exit codes: 0 success');
  });
});
