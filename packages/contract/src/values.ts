// The contract's values without zod, for what the web runs before its first paint (decision
// 0031): the barrel (`@glossa/contract`) brings zod and every schema.
export * from './answer-text';
export * from './card-limits';
export * from './language-list';
export * from './memory-settings';
export * from './password-rule';
export * from './scheduler-defaults';
export * from './search-limits';
export * from './socket-codes';
export * from './storage-keys';
export * from './study-limits';
