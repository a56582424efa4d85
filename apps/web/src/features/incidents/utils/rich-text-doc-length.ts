import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/** Nodes whose HTML end tag becomes a line break in the shared htmlToText (p, li, h*, blockquote, pre). */
const BLOCK_ENDS = new Set(['paragraph', 'heading', 'listItem', 'blockquote', 'codeBlock']);

/**
 * The text of an editor document exactly as `htmlToText` of @blotter/shared reads the document's
 * HTML, so the editor's counter and limit agree with the rule the server enforces (richTextLength).
 */
export function richTextDocText(doc: ProseMirrorNode): string {
  let text = '';
  const walk = (node: ProseMirrorNode) => {
    if (node.isText) {
      text += node.text ?? '';
      return;
    }
    if (node.type.name === 'hardBreak') {
      text += '\n';
      return;
    }
    node.forEach(walk);
    if (BLOCK_ENDS.has(node.type.name)) text += '\n';
  };
  walk(doc);
  return text.replace(/\n{3,}/g, '\n\n').trim();
}

/** Characters of an editor document as the 10000 limit counts them. */
export const richTextDocLength = (doc: ProseMirrorNode) => richTextDocText(doc).length;
