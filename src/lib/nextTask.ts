/** Resolves in a later task: what comes after it is not part of the current (possibly long) task. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
