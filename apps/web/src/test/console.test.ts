import { describe, expect, it } from 'vitest';
import { checkConsole, expectConsole } from './console';

// Each test calls checkConsole itself (as the after-each hook does), so the hook finds it clean.
describe('the console guard', () => {
  it('fails on a console.error nobody expected, with the message filled in', () => {
    console.error('Could not load %s (%d)', 'cards', 503);
    expect(() => checkConsole('During the test')).toThrow(
      'During the test:\nunexpected console.error: Could not load cards (503)',
    );
  });

  it('fails on a console.warn too', () => {
    console.warn('deprecated');
    expect(() => checkConsole('x')).toThrow('unexpected console.warn: deprecated');
  });

  it('lets through what the test expected, at the level it expected', () => {
    expectConsole('error', /could not be registered/);
    console.error('The service worker could not be registered', new Error('offline'));
    console.error('The service worker could not be registered again');
    expect(() => checkConsole('x')).not.toThrow();
  });

  it('fails when an expected message never came, or came at another level', () => {
    expectConsole('error', /could not be registered/);
    console.warn('The service worker could not be registered');
    expect(() => checkConsole('x')).toThrow(
      'x:\nunexpected console.warn: The service worker could not be registered\n' +
        'expected a console.error matching /could not be registered/',
    );
  });

  it('starts afresh after each check', () => {
    console.error('left over');
    expect(() => checkConsole('x')).toThrow();
    expect(() => checkConsole('x')).not.toThrow();
  });
});
