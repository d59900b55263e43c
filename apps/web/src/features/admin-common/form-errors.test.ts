import { describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../../api/client';
import { fieldError, formProblem, unshownFields } from './form-errors';

const refused = (status: number, body: unknown) => new HttpError(status, 'x', body);

describe('formProblem', () => {
  it('maps the 400 issues to the fields they name, without the body prefix', () => {
    const p = formProblem(
      refused(400, {
        message: 'Invalid request: body.email: must be an e-mail address',
        issues: [
          { path: 'body.email', message: 'must be an e-mail address' },
          { path: 'body.access.siteIds', message: 'there is no site 9' },
        ],
      }),
    );
    expect(p).toEqual({
      fields: { email: 'must be an e-mail address', 'access.siteIds': 'there is no site 9' },
      general: null,
    });
    expect(fieldError(p, 'email')).toBe('must be an e-mail address');
    expect(fieldError(p, 'access')).toBe('siteIds: there is no site 9');
    expect(unshownFields(p, ['email'])).toBe('access.siteIds: there is no site 9');
  });

  it("keeps a 403's own sentence (own role, last provider admin) as the general message", () => {
    const p = formProblem(
      refused(403, { message: 'You cannot change your own role; ask another administrator.' }),
    );
    expect(p.general).toBe('You cannot change your own role; ask another administrator.');
    expect(p.fields).toEqual({});
  });

  it('says what to do when the server cannot be reached or gave no message', () => {
    expect(formProblem(new NetworkError()).general).toMatch(/Check your connection/);
    expect(formProblem(refused(500, null)).general).toMatch(/500 x\)\. Try again/);
  });
});
