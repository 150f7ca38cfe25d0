/** Thrown for sources the sandbox cannot render, with a message fit for an Application condition. */
export class UnrenderableSource extends Error {}
