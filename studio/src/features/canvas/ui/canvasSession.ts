/**
 * What every panel around the canvas needs: the engine, the project and who I am. Provided by
 * the canvas page once the engine is mounted; panels never create engine objects themselves.
 */
import type { ProjectDto } from '@tessera/shared/projects';
import { createContext, useContext } from 'react';
import type { CanvasManager } from '../engine/CanvasManager.ts';

export interface CanvasSession {
  manager: CanvasManager;
  projectId: string;
  project: ProjectDto;
  me: { id: string; name: string };
  /** A viewer, or a read-only connection: nothing may change and nothing may be generated. */
  readOnly: boolean;
  /** A frame and its children as one PNG (rendered by the Konva renderer). */
  exportFrame(frameId: string): Promise<Blob>;
  /** Gives the keyboard back to the canvas (after a panel or toolbar interaction). */
  focusStage(): void;
}

export const CanvasSessionContext = createContext<CanvasSession | null>(null);

export function useCanvasSession(): CanvasSession {
  const session = useContext(CanvasSessionContext);
  if (!session) throw new Error('useCanvasSession outside the canvas page');
  return session;
}
