// opencc-js publishes its dictionaries as ES modules without types (its "./*" export).
declare module 'opencc-js/from/tw' {
  const dictGroups: import('opencc-js/core').DictGroup[];
  export default dictGroups;
}
declare module 'opencc-js/from/hk' {
  const dictGroups: import('opencc-js/core').DictGroup[];
  export default dictGroups;
}
declare module 'opencc-js/to/cn' {
  const dictGroups: import('opencc-js/core').DictGroup[];
  export default dictGroups;
}
