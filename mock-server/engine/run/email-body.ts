/**
 * The email `body` control: an HTML string rendered as is, or a block document (the
 * Maily/TipTap JSON the dashboard's block editor saves) turned into HTML, then rendered with the
 * template variables.
 *
 * @module
 */

import { sanitizeEmailHtml } from './email-sanitize';
import { type RenderResult, renderTemplate, type TemplateVariables } from './templates';

/** A node of a block document (TipTap JSON). */
export interface BlockNode {
  readonly type?: string;
  readonly text?: string;
  readonly attrs?: Readonly<Record<string, unknown>>;
  readonly marks?: readonly { readonly type?: string; readonly attrs?: Record<string, unknown> }[];
  readonly content?: readonly BlockNode[];
}

const escapeText = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const escapeAttribute = (text: string): string => escapeText(text).replaceAll('"', '&quot;');

const attr = (node: BlockNode, name: string): string | undefined => {
  const value = node.attrs?.[name];
  return value === undefined || value === null || value === '' ? undefined : String(value);
};

const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify']);
const alignStyle = (node: BlockNode): string => {
  const align = attr(node, 'textAlign') ?? attr(node, 'alignment');
  return align !== undefined && ALIGNMENTS.has(align) ? ` style="text-align:${align}"` : '';
};

function renderMarks(node: BlockNode, inner: string): string {
  let html = inner;
  for (const mark of node.marks ?? []) {
    switch (mark.type) {
      case 'bold':
        html = `<strong>${html}</strong>`;
        break;
      case 'italic':
        html = `<em>${html}</em>`;
        break;
      case 'underline':
        html = `<u>${html}</u>`;
        break;
      case 'strike':
        html = `<s>${html}</s>`;
        break;
      case 'code':
        html = `<code>${html}</code>`;
        break;
      case 'link': {
        const href = mark.attrs?.['href'];
        html =
          typeof href === 'string'
            ? `<a href="${escapeAttribute(href)}" target="_blank">${html}</a>`
            : html;
        break;
      }
      default:
        break;
    }
  }
  return html;
}

/** A variable node becomes a Liquid output, with its fallback as `default`. */
function variableTemplate(node: BlockNode): string {
  const id = attr(node, 'id') ?? attr(node, 'name') ?? '';
  if (!/^[A-Za-z_][\w.-]*$/.test(id)) return '';
  const fallback = attr(node, 'fallback');
  return fallback === undefined
    ? `{{ ${id} }}`
    : `{{ ${id} | default: '${fallback.replaceAll("'", '')}' }}`;
}

const children = (node: BlockNode): string => (node.content ?? []).map(blockToHtml).join('');

/**
 * Turns one block node (and its children) into HTML with Liquid placeholders for variables.
 * Unknown node types keep their children's HTML.
 */
export function blockToHtml(node: BlockNode): string {
  switch (node.type) {
    case 'doc':
      return children(node);
    case 'text':
      return renderMarks(node, escapeText(node.text ?? ''));
    case 'variable':
      return renderMarks(node, variableTemplate(node));
    case 'paragraph':
      return `<p${alignStyle(node)}>${children(node)}</p>`;
    case 'heading': {
      const level = Math.min(6, Math.max(1, Number(attr(node, 'level') ?? 1) || 1));
      return `<h${level}${alignStyle(node)}>${children(node)}</h${level}>`;
    }
    case 'hardBreak':
      return '<br>';
    case 'horizontalRule':
    case 'divider':
      return '<hr>';
    case 'spacer': {
      const height = Number(attr(node, 'height') ?? 16) || 16;
      return `<div style="height:${height}px"></div>`;
    }
    case 'button': {
      const text = attr(node, 'text') ?? attr(node, 'label') ?? '';
      const url = attr(node, 'url') ?? '#';
      return `<a href="${escapeAttribute(url)}" target="_blank"${alignStyle(node)}>${escapeText(text)}</a>`;
    }
    case 'image':
    case 'logo': {
      const src = attr(node, 'src') ?? '';
      const alt = attr(node, 'alt') ?? '';
      const image = `<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}">`;
      const href = attr(node, 'externalLink');
      return href === undefined ? image : `<a href="${escapeAttribute(href)}">${image}</a>`;
    }
    case 'section':
    case 'columns':
    case 'column':
      return `<div${alignStyle(node)}>${children(node)}</div>`;
    case 'blockquote':
      return `<blockquote>${children(node)}</blockquote>`;
    case 'bulletList':
      return `<ul>${children(node)}</ul>`;
    case 'orderedList':
      return `<ol>${children(node)}</ol>`;
    case 'listItem':
      return `<li>${children(node)}</li>`;
    case 'repeat':
    case 'for': {
      const each = attr(node, 'each') ?? '';
      if (!/^[A-Za-z_][\w.-]*$/.test(each)) return children(node);
      return `{% for item in ${each} %}${children(node)}{% endfor %}`;
    }
    default:
      return children(node);
  }
}

/** Reads a block document from the body text; `undefined` when it is not one (HTML, plain). */
export function parseBlockDocument(body: string): BlockNode | undefined {
  const trimmed = body.trimStart();
  if (!trimmed.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      const node = parsed as BlockNode;
      if (node.type === 'doc' || Array.isArray(node.content)) return node;
    }
  } catch {
    // Not JSON: an HTML or plain-text body that happens to start with a brace.
  }
  return undefined;
}

/**
 * The text of the raw email `body` control that {@link renderEmailBody} renders: text as given, a
 * block document as its JSON, and no body (absent or `null`) as empty text; the service renders
 * nothing for a missing body.
 */
export function emailBodySource(raw: unknown): string {
  if (typeof raw === 'string') return raw;
  return raw === undefined || raw === null ? '' : JSON.stringify(raw);
}

/**
 * Renders the email `body` control to the HTML that is stored and delivered: a block document
 * (or `editorType: 'block'`) becomes HTML first; an HTML string is rendered as is; the result is
 * sanitised as the service sanitises it ({@link sanitizeEmailHtml}).
 */
export function renderEmailBody(body: string, variables: TemplateVariables): RenderResult {
  const document = parseBlockDocument(body);
  const html = document === undefined ? body : blockToHtml(document);
  const result = renderTemplate(html, variables);
  return result.ok
    ? { ok: true, value: sanitizeEmailHtml(result.value) }
    : { ...result, path: 'body' };
}
