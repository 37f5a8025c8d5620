import { ZUserCreateRequest } from '@linkstore/contract';
import { describe, expect, it } from 'vitest';
import { formFieldsFor, zodRule, type TFormField } from './crud-config';

type TRuleValidator = (rule: unknown, value: unknown) => Promise<void>;
const validatorOf = (rule: ReturnType<typeof zodRule>) => (rule as { validator: TRuleValidator }).validator;

describe('zodRule', () => {
  const username = validatorOf(zodRule(ZUserCreateRequest.shape.username, 'Bad username'));

  it('passes what the contract schema accepts and fails the rest with the given message', async () => {
    await expect(username({}, 'alice_01')).resolves.toBeUndefined();
    await expect(username({}, 'a b')).rejects.toThrow('Bad username');
    await expect(username({}, 'x')).rejects.toThrow('Bad username');
  });

  it('leaves a blank required value to the required rule (one message), but checks a blank optional one', async () => {
    const required = validatorOf(zodRule(ZUserCreateRequest.shape.username, 'Bad username', true));
    await expect(required({}, '')).resolves.toBeUndefined();
    await expect(required({}, undefined)).resolves.toBeUndefined();
    await expect(username({}, '')).rejects.toThrow('Bad username');
    const roles = validatorOf(zodRule(ZUserCreateRequest.shape.roleIds, 'Pick a role'));
    await expect(roles({}, [])).rejects.toThrow('Pick a role');
    await expect(roles({}, ['2'])).resolves.toBeUndefined();
  });

  it('accepts an optional field left empty when its schema does', async () => {
    const mobile = validatorOf(zodRule(ZUserCreateRequest.shape.mobile, 'Bad mobile'));
    await expect(mobile({}, '')).resolves.toBeUndefined();
    await expect(mobile({}, null)).resolves.toBeUndefined();
    await expect(mobile({}, '12ab')).rejects.toThrow('Bad mobile');
  });
});

describe('formFieldsFor', () => {
  const fields: TFormField<{ name: string; password: string; note: string }>[] = [
    { name: 'name', label: 'Name', type: 'input' },
    { name: 'password', label: 'Password', type: 'password', only: 'create' },
    { name: 'note', label: 'Note', type: 'textarea', only: 'edit' },
  ];

  it('keeps create-only fields out of the edit form and edit-only fields out of the add form', () => {
    expect(formFieldsFor(fields, undefined).map((field) => field.name)).toEqual(['name', 'password']);
    expect(formFieldsFor(fields, '7').map((field) => field.name)).toEqual(['name', 'note']);
  });
});
