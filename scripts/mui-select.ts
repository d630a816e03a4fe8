import type { Plugin } from 'vite';

/**
 * MUI's Select keeps its display element in state, set from a callback ref (SelectInput's handleDisplayRef).
 * A ref runs in React's commit, and a state update there is synchronous: every Select that mounts makes its
 * commit render again at once, and React first runs the commit's passive effects (the page's queries
 * subscribing and fetching), all in the same task. On the credit leads page that task grew to 100-240 ms at
 * 4x CPU throttling, twice, when the form and then the results' page-size select mounted. The update is made
 * in a transition instead: the element is only needed to anchor the menu, which no one opens within the few
 * milliseconds the transition takes. Applied to the build (dev serves MUI pre-bundled, unpatched); a MUI
 * version without the anchor below fails the build rather than silently losing the patch.
 */
const selectInput = /[\\/]@mui[\\/]material[\\/]Select[\\/]SelectInput\.mjs$/;
const anchor = 'if (node) {\n      setDisplayNode(node);\n    }';

/** SelectInput's source with its display element set in a transition. */
export function patchSelectInput(source: string): string {
  const at = source.indexOf(anchor);
  if (at < 0 || source.indexOf(anchor, at + 1) >= 0)
    throw new Error(`@mui/material SelectInput: ${JSON.stringify(anchor)} is not there exactly once; update scripts/mui-select.ts`);
  return `${source.slice(0, at)}if (node) {\n      React.startTransition(() => setDisplayNode(node));\n    }${source.slice(at + anchor.length)}`;
}

export function muiSelect(): Plugin {
  let found = false;
  return {
    name: 'seller-desk-mui-select',
    apply: 'build',
    transform(code, id) {
      if (!selectInput.test(id)) return null;
      found = true;
      return { code: patchSelectInput(code), map: null };
    },
    buildEnd() {
      // A build whose pages use no Select needs no patch; one whose module path changed would lose it unseen.
      if (!found && [...this.getModuleIds()].some((id) => /[\\/]@mui[\\/]material[\\/]Select[\\/]/.test(id)))
        this.error('@mui/material Select is in the build but SelectInput.mjs was not patched; update scripts/mui-select.ts');
    },
  };
}
