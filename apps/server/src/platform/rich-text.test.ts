import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text';

describe('sanitizeRichText', () => {
  it('keeps the markup of the editor unchanged', () => {
    const html = [
      '<h1>Title</h1><h2>Part</h2><h3>Detail</h3>',
      '<p>A <strong>bold</strong>, <b>b</b>, <em>em</em>, <i>i</i>, <u>u</u>, <s>s</s>, <strike>x</strike> and <code>code</code>.<br />Next line</p>',
      '<pre><code>let x = 1;</code></pre><blockquote><p>Quoted</p></blockquote>',
      '<ul><li><p>one</p></li></ul><ol start="3"><li><p>three</p></li></ol><hr />',
    ].join('');
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps http, https and mailto links and forces a new tab without an opener', () => {
    expect(sanitizeRichText('<p><a href="https://example.com/a?b=1&amp;c=2">site</a></p>')).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer" target="_blank">site</a></p>',
    );
    expect(sanitizeRichText('<a href="http://x.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="http://x.example" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<a href="mailto:desk@example.com">mail</a>')).toBe(
      '<a href="mailto:desk@example.com" rel="noopener noreferrer" target="_blank">mail</a>',
    );
  });

  it.each([
    ['<script>alert(1)</script><p>text</p>', '<p>text</p>'],
    ['<p>a<script src="https://evil.example/x.js"></script>b</p>', '<p>ab</p>'],
    ['<style>p{display:none}</style><p>text</p>', '<p>text</p>'],
    ['<p onclick="alert(1)" onmouseover="alert(2)">text</p>', '<p>text</p>'],
    ['<img src=x onerror="alert(1)">', ''],
    ['<p><img src="data:image/png;base64,AAAA" />text</p>', '<p>text</p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<svg onload="alert(1)"><circle r="5" /></svg>', ''],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', 'x'],
    ['<p style="background:url(javascript:alert(1))" class="evil">text</p>', '<p>text</p>'],
    ['<form action="https://evil.example"><input name="a" /><button>Go</button></form>', 'Go'],
    ['<object data="x.swf"></object><embed src="x.swf" />', ''],
    ['<div>block</div><span>inline</span>', 'blockinline'],
    ['<p>1 &lt; 2 &amp; 3 &gt; 2</p>', '<p>1 &lt; 2 &amp; 3 &gt; 2</p>'],
    ['<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<meta http-equiv="refresh" content="0;url=https://evil.example"><p>x</p>', '<p>x</p>'],
    ['<base href="https://evil.example/"><p>x</p>', '<p>x</p>'],
  ])('removes %s', (dirty, clean) => {
    const result = sanitizeRichText(dirty);
    expect(result).toBe(clean);
    expect(result).not.toMatch(/<script|onerror|onclick|onload|javascript:|<img|<iframe|<svg|style=/i);
  });

  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'java&#x09;script:alert(1)',
    '&#106;avascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    '//evil.example/path',
    '/relative/path',
    'file:///etc/passwd',
  ])('drops the link target %s but keeps the text', (href) => {
    expect(sanitizeRichText(`<a href="${href}">click</a>`)).toBe(
      '<a rel="noopener noreferrer" target="_blank">click</a>',
    );
  });

  it('answers an empty string for nothing', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
  });
});
