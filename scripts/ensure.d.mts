/** Types of ensure.mjs (plain JavaScript: it runs before the packages exist). */
export const root: string;
export const serverEntry: string;
export const serverNodeArgs: string[];
export const serverEnv: Record<string, string>;
export function run(command: string, args: string[], options?: object): void;
export function checkNode(): void;
export function ensurePackages(): void;
export function ensureBuild(): void;
export const testedNodeVersion: string;
export const testedNodeDir: string;
export function testedNode(): string;
export function switchToTestedNode(): string;
export function prepareToServe(): string;
