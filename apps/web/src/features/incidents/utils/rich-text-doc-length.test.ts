import { richTextLength } from '@blotter/shared/rich-text';
import { type Node as ProseMirrorNode, Schema } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { richTextDocLength, richTextDocText } from './rich-text-doc-length';

// The node names of TipTap's StarterKit, with the HTML each one writes.
const schema = new Schema({
  nodes: {
    doc: { content: 'block+' },
    paragraph: { group: 'block', content: 'inline*' },
    bulletList: { group: 'block', content: 'listItem+' },
    orderedList: { group: 'block', content: 'listItem+' },
    listItem: { content: 'paragraph block*' },
    text: { group: 'inline' },
    hardBreak: { group: 'inline', inline: true },
  },
});
const text = (value: string) => schema.text(value);
const node = (type: string, ...children: ProseMirrorNode[]) => schema.node(type, null, children);
const doc = 'doc';
const p = 'paragraph';
const bulletList = 'bulletList';
const listItem = 'listItem';
const hardBreak = 'hardBreak';

describe('richTextDocText', () => {
  it('counts like richTextLength of the same HTML', () => {
    const cases = [
      { html: '<p>Hello</p>', doc: node(doc, node(p, text('Hello'))) },
      { html: '<p>a</p><p>b</p>', doc: node(doc, node(p, text('a')), node(p, text('b'))) },
      { html: '<p></p><p></p><p>a</p><p></p>', doc: node(doc, node(p), node(p), node(p, text('a')), node(p)) },
      { html: '<p>a<br>b</p>', doc: node(doc, node(p, text('a'), node(hardBreak), text('b'))) },
      {
        html: '<ul><li><p>one</p></li><li><p>two</p></li></ul><p>x &amp; y</p>',
        doc: node(
          doc,
          node(bulletList, node(listItem, node(p, text('one'))), node(listItem, node(p, text('two')))),
          node(p, text('x & y')),
        ),
      },
      { html: '<p>  padded&nbsp; </p>', doc: node(doc, node(p, text('  padded\u00a0 '))) },
    ];
    for (const { html, doc: value } of cases) {
      expect(richTextDocLength(value)).toBe(richTextLength(html));
    }
  });

  it('reads paragraphs as lines', () => {
    expect(richTextDocText(node(doc, node(p, text('a')), node(p, text('b'))))).toBe('a\nb');
  });
});
