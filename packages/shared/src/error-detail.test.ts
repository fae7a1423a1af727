import { describe, expect, it } from 'vitest';
import { parseErrorDetail } from './error-detail.js';

describe('parseErrorDetail', () => {
  it('joins the msg values of a detail list with "; "', () => {
    const body = {
      detail: [
        { loc: ['path', 'name'], msg: 'name is too long', type: 'value_error' },
        { loc: ['query', 'new_name'], msg: 'field required', type: 'missing' },
      ],
    };
    expect(parseErrorDetail(body)).toBe('name is too long; field required');
  });

  it('uses a string detail as is', () => {
    expect(parseErrorDetail({ detail: 'Project not found' })).toBe('Project not found');
  });

  it('skips list items without a string msg', () => {
    expect(parseErrorDetail({ detail: [{ msg: 'first' }, { loc: [] }, 'text', { msg: 42 }, { msg: 'last' }] })).toBe(
      'first; last',
    );
  });

  it('has no message for bodies without a usable detail', () => {
    expect(parseErrorDetail(undefined)).toBeUndefined();
    expect(parseErrorDetail(null)).toBeUndefined();
    expect(parseErrorDetail('Internal Server Error')).toBeUndefined();
    expect(parseErrorDetail({ message: 'nope' })).toBeUndefined();
    expect(parseErrorDetail({ detail: [] })).toBeUndefined();
    expect(parseErrorDetail({ detail: '' })).toBeUndefined();
    expect(parseErrorDetail({ detail: { msg: 'an object, not a list' } })).toBeUndefined();
  });
});
