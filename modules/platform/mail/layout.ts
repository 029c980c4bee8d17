import type { MailBlock, MailContent, RenderContext } from './define.ts'

/** The product name shown in the header and footer of every e-mail. */
export const brandName = 'Cardpay'
export const brandColour = '#4d7cfe'

const colours = {
  brand: brandColour,
  brandDark: '#2f5fe0',
  page: '#f3f5fa',
  card: '#ffffff',
  text: '#1f2937',
  muted: '#6b7280',
  border: '#e5e7eb',
  quote: '#f5f8ff',
}
const font = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"

const messages = {
  automated: /*i18n*/ {
    id: 'layout.footer.automated',
    message: 'This e-mail was sent automatically by {brand}.',
    comment: 'Footer of every e-mail; brand is the product name',
  },
  copyright: /*i18n*/ {
    id: 'layout.footer.copyright',
    message: '© {year} {brand}. All rights reserved.',
  },
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Escaped text with line breaks kept. */
const html = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br>')

/** Only http(s) and mailto links reach a button; anything else (javascript:, data:) becomes '#'. */
const safeUrl = (url: string) => (/^(https?:|mailto:)/i.test(url) ? url : '#')

function blockHtml(block: MailBlock): string {
  const p = `margin:0 0 16px;font-family:${font};font-size:16px;line-height:24px;color:${colours.text};`
  switch (block.type) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;font-family:${font};font-size:22px;line-height:30px;font-weight:700;color:${colours.text};">${html(block.text)}</h1>`
    case 'paragraph':
      return `<p style="${p}">${html(block.text)}</p>`
    case 'note':
      return `<p style="margin:0 0 16px;font-family:${font};font-size:14px;line-height:20px;color:${colours.muted};">${html(block.text)}</p>`
    case 'quote':
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;"><tr><td style="border-left:4px solid ${colours.brand};background-color:${colours.quote};padding:12px 16px;font-family:${font};font-size:15px;line-height:22px;color:${colours.text};">${html(block.text)}</td></tr></table>`
    case 'details': {
      const rows = block.rows
        .map(
          (r) =>
            `<tr><td valign="top" style="padding:8px 12px 8px 0;border-bottom:1px solid ${colours.border};font-family:${font};font-size:14px;line-height:20px;color:${colours.muted};white-space:nowrap;">${html(r.label)}</td><td valign="top" style="padding:8px 0;border-bottom:1px solid ${colours.border};font-family:${font};font-size:14px;line-height:20px;color:${colours.text};font-weight:600;">${html(r.value)}</td></tr>`,
        )
        .join('')
      return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 20px;border-top:1px solid ${colours.border};">${rows}</table>`
    }
    case 'image': {
      const cid = escapeHtml(block.cid.replace(/[^A-Za-z0-9.@_-]/g, ''))
      return `<p style="margin:0 0 16px;"><img src="cid:${cid}" width="${Math.round(block.width)}" height="${Math.round(block.width)}" alt="${escapeHtml(block.alt)}" style="display:block;border:0;"></p>`
    }
    case 'button': {
      const href = escapeHtml(safeUrl(block.url))
      return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;"><tr><td align="center" bgcolor="${colours.brand}" style="border-radius:6px;background-color:${colours.brand};"><a href="${href}" target="_blank" style="display:inline-block;padding:12px 24px;font-family:${font};font-size:16px;line-height:20px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;border:1px solid ${colours.brandDark};">${html(block.label)}</a></td></tr></table>`
    }
  }
}

function blockText(block: MailBlock): string {
  switch (block.type) {
    case 'heading':
      return `${block.text}\n${'='.repeat(Math.min(block.text.length, 60))}`
    case 'paragraph':
    case 'note':
      return block.text
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n')
    case 'details': {
      const width = Math.max(...block.rows.map((r) => r.label.length))
      return block.rows.map((r) => `${`${r.label}:`.padEnd(width + 2)}${r.value}`).join('\n')
    }
    case 'button':
      return `${block.label}: ${block.url}`
    case 'image':
      return `[${block.alt}]`
  }
}

function footerLines(content: MailContent, ctx: RenderContext): string[] {
  const year = new Date().getUTCFullYear()
  return [
    ...(content.footer ? [content.footer] : []),
    ctx.t(messages.automated, { brand: brandName }),
    ctx.t(messages.copyright, { brand: brandName, year: String(year) }),
  ]
}

/**
 * The shared HTML frame: table-based and inline-styled (what Outlook, Gmail and Apple Mail all
 * render the same way), 600px wide, brand-coloured header, white card, muted footer.
 */
export function layoutHtml(content: MailContent, ctx: RenderContext): string {
  const body = content.blocks.map(blockHtml).join('\n')
  const footer = footerLines(content, ctx)
    .map(
      (line) =>
        `<p style="margin:0 0 6px;font-family:${font};font-size:12px;line-height:18px;color:${colours.muted};">${html(line)}</p>`,
    )
    .join('')
  return `<!DOCTYPE html>
<html lang="${ctx.locale}" dir="ltr" xmlns="http://www.w3.org/1999/xhtml">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;width:100%;background-color:${colours.page};-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%;">
<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${colours.page};opacity:0;">${escapeHtml(content.preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${colours.page}" style="background-color:${colours.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;">
<tr><td bgcolor="${colours.brand}" style="background-color:${colours.brand};border-radius:8px 8px 0 0;padding:20px 32px;font-family:${font};font-size:20px;line-height:28px;font-weight:700;color:#ffffff;letter-spacing:0.3px;">${escapeHtml(brandName)}</td></tr>
<tr><td bgcolor="${colours.card}" style="background-color:${colours.card};border-radius:0 0 8px 8px;padding:32px;border:1px solid ${colours.border};border-top:0;">
${body}
</td></tr>
<tr><td align="center" style="padding:20px 32px 0;">${footer}</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`
}

export function layoutText(content: MailContent, ctx: RenderContext): string {
  const body = content.blocks.map(blockText).join('\n\n')
  return `${brandName}\n\n${body}\n\n-- \n${footerLines(content, ctx).join('\n')}\n`
}
