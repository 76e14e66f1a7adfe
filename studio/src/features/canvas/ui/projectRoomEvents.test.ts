import { describe, expect, it, vi } from 'vitest';
import { ProgressStore } from '../engine/ProgressStore.ts';
import { projectRoomHandlers, type ProjectRoomSinks } from './projectRoomEvents.ts';

function setup(myUserId = 'me') {
  const progress = new ProgressStore();
  const sinks = {
    progress,
    refreshTasks: vi.fn(),
    refreshSpend: vi.fn(),
    updateTask: vi.fn(),
    announceFailure: vi.fn(),
  } satisfies ProjectRoomSinks;
  return { progress, sinks, on: projectRoomHandlers('p1', myUserId, sinks) };
}

const ana = { id: 'ana', name: 'Ana' };

describe('projectRoomHandlers (generation progress on the canvas)', () => {
  it('shows every collaborator’s progress on its placeholder, with who asked', () => {
    const { on, progress } = setup();
    on.progress({ id: 't1', projectId: 'p1', progress: 40, stage: 'rendering', by: ana, nodeId: 'n1' });
    expect(progress.get('n1')).toEqual({ progress: 40, stage: 'rendering', by: ana });
  });

  it('refetches the queue once for a new task, then updates it in place', () => {
    const { on, sinks } = setup();
    on.progress({ id: 't1', projectId: 'p1', progress: 10, stage: 'starting', nodeId: 'n1' });
    on.progress({ id: 't1', projectId: 'p1', progress: 50, stage: 'rendering', nodeId: 'n1' });
    expect(sinks.refreshTasks).toHaveBeenCalledTimes(1);
    expect(sinks.updateTask).toHaveBeenCalledWith('t1', 50, 'rendering');
  });

  it('clears the progress when the task ends and refreshes the queue and spend', () => {
    const { on, progress, sinks } = setup();
    on.progress({ id: 't1', projectId: 'p1', progress: 90, stage: 'encoding', nodeId: 'n1' });
    on.succeeded({ id: 't1', projectId: 'p1', outputs: [], nodeId: 'n1' });
    expect(progress.get('n1')).toBeUndefined();
    expect(sinks.refreshSpend).toHaveBeenCalled();
  });

  it('announces my failures once, with the catalogue message, but not my cancels or others’ failures', () => {
    const { on, sinks } = setup();
    on.failed({ id: 't1', projectId: 'p1', code: 'NOT_ENOUGH_CREDITS', message: 'Not enough credits.', by: { id: 'me', name: 'Me' }, nodeId: 'n1' });
    // The same event through my own room.
    on.failed({ id: 't1', projectId: 'p1', code: 'NOT_ENOUGH_CREDITS', message: 'Not enough credits.', nodeId: 'n1' });
    on.failed({ id: 't2', projectId: 'p1', code: 'CANCELED', message: 'Canceled', by: { id: 'me', name: 'Me' } });
    on.failed({ id: 't3', projectId: 'p1', code: 'UPSCALE_FAILED', message: 'Upscale failed.', by: ana });
    expect(sinks.announceFailure).toHaveBeenCalledTimes(1);
    expect(sinks.announceFailure).toHaveBeenCalledWith('t1', 'Not enough credits.');
  });

  it('ignores other projects’ tasks', () => {
    const { on, progress, sinks } = setup();
    on.progress({ id: 't9', projectId: 'other', progress: 10, stage: 'x', nodeId: 'n9' });
    on.failed({ id: 't9', projectId: null, code: 'X', message: 'x' });
    expect(progress.get('n9')).toBeUndefined();
    expect(sinks.refreshTasks).not.toHaveBeenCalled();
    expect(sinks.announceFailure).not.toHaveBeenCalled();
  });
});
