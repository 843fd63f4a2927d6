// opencc-js publishes its dictionaries as ES modules without types (its "./*" export).
declare module 'opencc-js/from/tw' {
  import type { DictGroup } from 'opencc-js/core';
  const dictGroups: DictGroup[];
  export default dictGroups;
}
declare module 'opencc-js/from/hk' {
  import type { DictGroup } from 'opencc-js/core';
  const dictGroups: DictGroup[];
  export default dictGroups;
}
declare module 'opencc-js/to/cn' {
  import type { DictGroup } from 'opencc-js/core';
  const dictGroups: DictGroup[];
  export default dictGroups;
}
