import { FILE_EXTENSIONS, FILE_KINDS, FILE_MAX_BYTES, MESH_KINDS, type FileKind } from '@cusp/shared';
import type { MeshType } from '@/components/mesh-viewer';

/** The file picker's `accept` list: every extension the server takes (docs/product.md §8.1). */
export const ACCEPT = FILE_KINDS.flatMap((kind) => FILE_EXTENSIONS[kind].map((ext) => `.${ext}`)).join(',');

export function kindOfName(name: string): FileKind | null {
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : '';
  return FILE_KINDS.find((kind) => FILE_EXTENSIONS[kind].includes(ext)) ?? null;
}

export type FileCheck = { ok: true; kind: FileKind } | { ok: false; reason: 'type' | 'size' | 'empty' };

/** The client's early check of a chosen file (the server checks the content again). */
export function checkFile(file: Pick<File, 'name' | 'size'>): FileCheck {
  const kind = kindOfName(file.name);
  if (!kind) return { ok: false, reason: 'type' };
  if (file.size > FILE_MAX_BYTES) return { ok: false, reason: 'size' };
  if (file.size === 0) return { ok: false, reason: 'empty' };
  return { ok: true, kind };
}

export function isMeshKind(kind: FileKind): kind is MeshType {
  return MESH_KINDS.includes(kind);
}

export function isImageKind(kind: FileKind): boolean {
  return kind === 'jpeg' || kind === 'png';
}

/**
 * The server's links are absolute (PUBLIC_URL). Previews fetch them from this page, so a link on
 * this server is turned into a path: the page's own origin is then used (CSP connect-src 'self').
 */
export function sameOriginPath(link: string): string {
  try {
    const url = new URL(link, window.location.origin);
    return url.pathname.startsWith('/api/') ? `${url.pathname}${url.search}` : link;
  } catch {
    return link;
  }
}

/** "/share/AbCd…WxYz": a share link short enough for a table cell. */
export function shortLink(link: string): string {
  try {
    const { pathname } = new URL(link, window.location.origin);
    const token = pathname.split('/').pop() ?? '';
    const base = pathname.slice(0, pathname.length - token.length);
    return token.length > 12 ? `${base}${token.slice(0, 6)}…${token.slice(-4)}` : pathname;
  } catch {
    return link;
  }
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** 1.4 MB, 200 MB, 512 bytes, in the UI language (binary multiples, as the 200 MB limit is). */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value < 10 && unit > 0 ? 1 : 0,
  }).format(value);
}

/** "2 minutes", "45 seconds": the time an upload has left. */
export function formatDuration(seconds: number, locale: string): string {
  const minutes = seconds >= 90;
  return new Intl.NumberFormat(locale, { style: 'unit', unit: minutes ? 'minute' : 'second', unitDisplay: 'long', maximumFractionDigits: 0 }).format(
    minutes ? Math.round(seconds / 60) : Math.max(1, Math.round(seconds)),
  );
}
