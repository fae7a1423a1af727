import { describe, expect, it } from 'vitest';
import { PROJECT_NAME_MAX_LENGTH, projectNameProblem } from './project-name';

describe('projectNameProblem', () => {
  it('accepts ordinary names, up to the limit', () => {
    expect(projectNameProblem('Adder')).toBeUndefined();
    expect(projectNameProblem('  padded  ')).toBeUndefined();
    expect(projectNameProblem('x'.repeat(PROJECT_NAME_MAX_LENGTH))).toBeUndefined();
  });

  it('refuses an empty name, only spaces, and names over 100 characters', () => {
    expect(projectNameProblem('')).toBe('Project name is required.');
    expect(projectNameProblem(' \t ')).toBe('Project name cannot be only spaces.');
    expect(projectNameProblem('x'.repeat(101))).toBe('Project name must be at most 100 characters (it has 101).');
  });
});
