export const PRIVATE_FILE_MODE: number;
export const PRIVATE_FOLDER_MODE: number;
export function maskModesInThisThread(): void;
export function makeTreePrivate(dir: string): number;
