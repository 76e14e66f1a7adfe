export interface EngineImage { data: Buffer; contentType: 'image/png' | 'image/jpeg' | 'image/webp'; width: number; height: number }
/** fraction 0..1 of this tool's work, and a short stage name */
export type EngineProgress = (fraction: number, stage: string) => void;
