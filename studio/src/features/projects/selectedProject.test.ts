// @vitest-environment jsdom
import { SELECTED_PROJECT_STORAGE_KEY as SHARED_KEY } from '@tessera/shared/projects';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetSelectedProject, readSelectedProject, writeSelectedProject } from './selectedProject.ts';

const A = '0b7c2f7e-8a39-4d4b-9a53-2f3f3c1f7a10';
const B = '5d0e7a52-1f6b-4c8e-8f0a-9b1c2d3e4f50';

afterEach(() => localStorage.clear());

describe('the selected project in local storage (§2)', () => {
  it('remembers the chosen project under the key the rest of the app uses', () => {
    expect(readSelectedProject()).toBeNull();
    writeSelectedProject(A);
    expect(readSelectedProject()).toBe(A);
    expect(localStorage.getItem(SHARED_KEY)).toBe(A);
    writeSelectedProject(B);
    expect(readSelectedProject()).toBe(B);
  });

  it('ignores what cannot be a project id, stored or given', () => {
    localStorage.setItem(SHARED_KEY, 'p1');
    expect(readSelectedProject()).toBeNull();
    writeSelectedProject('../../etc');
    expect(localStorage.getItem(SHARED_KEY)).toBe('p1');
  });

  it('is removed on sign-out, whatever it holds', () => {
    localStorage.setItem(SHARED_KEY, 'p1');
    forgetSelectedProject();
    expect(localStorage.getItem(SHARED_KEY)).toBeNull();
  });

  it('is removed when that project goes away, and kept when another one does', () => {
    writeSelectedProject(A);
    forgetSelectedProject(B);
    expect(readSelectedProject()).toBe(A);
    forgetSelectedProject(A);
    expect(readSelectedProject()).toBeNull();
  });

  it('does nothing, and does not throw, without storage', () => {
    const broken: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => writeSelectedProject(A, broken)).not.toThrow();
    expect(readSelectedProject(broken)).toBeNull();
    expect(() => forgetSelectedProject(undefined, broken)).not.toThrow();
    expect(readSelectedProject(null)).toBeNull();
  });
});
