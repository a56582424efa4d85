import sanitizeHtml from 'sanitize-html';

/** Link targets a person may click from an incident; anything else (javascript:, data:, relative) goes. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/**
 * Exactly the markup the form's rich-text editor (TipTap StarterKit with links) produces. Rich
 * text is shown to every user of the company and printed, so whatever else arrives through the API
 * (scripts, styles, event handlers, images, frames, forms) is removed before it is stored.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'hr',
    'a',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  // The text inside these is code or UI, never something the person typed.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'template', 'iframe', 'object'],
  transformTags: {
    // A link always opens in a new tab without handing the incident page to the target.
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      return {
        tagName,
        attribs: {
          ...(SAFE_HREF.test(href) ? { href } : {}),
          rel: 'noopener noreferrer',
          target: '_blank',
        },
      };
    },
  },
};

/** Rich text (HTML from the editor) reduced to the editor's own markup; safe to store and show. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS);
}
