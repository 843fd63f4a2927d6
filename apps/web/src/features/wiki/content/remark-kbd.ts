// Keys in the articles are written as on GitHub, `<kbd>Enter</kbd>`. The renderer takes no raw
// HTML (nothing in an article can inject markup, and no HTML parser is shipped for it): this
// plugin turns exactly `<kbd>`, a text, `</kbd>` into a kbd element and drops any other HTML.

interface Node {
  type: string;
  value?: string;
  children?: Node[];
  data?: { hName?: string };
}

function rewrite(parent: Node): void {
  const children = parent.children;
  if (!children) return;
  const out: Node[] = [];
  for (let i = 0; i < children.length; i++) {
    const node = children[i];
    if (!node) continue;
    if (node.type !== 'html') {
      rewrite(node);
      out.push(node);
      continue;
    }
    const text = children[i + 1];
    const close = children[i + 2];
    if (
      node.value === '<kbd>' &&
      text?.type === 'text' &&
      close?.type === 'html' &&
      close.value === '</kbd>'
    ) {
      out.push({ type: 'kbd', data: { hName: 'kbd' }, children: [text] });
      i += 2;
    }
    // Any other HTML is left out.
  }
  parent.children = out;
}

/** The remark plugin: `<kbd>…</kbd>` becomes a kbd element, other raw HTML is dropped. */
export function remarkKbd() {
  return (tree: Node) => rewrite(tree);
}
