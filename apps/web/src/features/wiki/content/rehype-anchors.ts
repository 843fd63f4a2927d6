// The headings' anchors. A heading's id is its section's (articles.ts `parseArticle`: GitHub's
// slug of its text, or the `{#id}` it names, which keeps a translation's anchors the English
// ones), given in order to the rendered h2 and h3 elements after sanitising (which would prefix
// an id taken from the Markdown).

interface Element {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: Element[];
}

/** The rehype plugin: the n-th h2 or h3 of the article gets the n-th id. */
export function rehypeAnchors(ids: readonly string[]) {
  return (tree: Element) => {
    let next = 0;
    const visit = (node: Element) => {
      if (node.type === 'element' && (node.tagName === 'h2' || node.tagName === 'h3')) {
        const id = ids[next++];
        if (id !== undefined) node.properties = { ...node.properties, id };
        return;
      }
      node.children?.forEach(visit);
    };
    visit(tree);
  };
}
