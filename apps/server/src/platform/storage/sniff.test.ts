import { describe, expect, it } from 'vitest';
import { asciiStl, binaryStl, emptyZip, garbageStl, paddedToStlSize } from '../../../test/mesh-samples.js';
import { PNG } from '../../../test/multipart.js';
import { CASE_FILE_HEAD_BYTES, checkCaseFile, foreignFormat } from './sniff.js';

// The one module for content rules (docs/decisions/0020).

const head = (data: Buffer) => data.subarray(0, CASE_FILE_HEAD_BYTES);
/** What an upload of `data` named `name` is judged: accepted only if both the head and the size pass. */
const accepts = (name: string, data: Buffer) => {
  const check = checkCaseFile(name, head(data));
  return check !== null && check.sizeProblem(data.length) === null;
};

describe('foreignFormat', () => {
  it.each([
    ['MZ\x90\x00', 'exe'],
    ['\x7fELF\x02', 'elf'],
    ['PK\x03\x04', 'zip'],
    ['%PDF-1.7', 'pdf'],
    ['GIF89a', 'gif'],
    ['\xff\xd8\xff\xe0', 'jpeg'],
    ['<!DOCTYPE html>', 'markup'],
    ['  <html lang="en">', 'markup'],
    ['<?xml version="1.0"?>', 'markup'],
    ['<svg xmlns="http://www.w3.org/2000/svg">', 'markup'],
    ['#!/bin/sh\n', 'script'],
  ])('names %j as %s', (start, name) => {
    expect(foreignFormat(Buffer.from(start, 'latin1'))).toBe(name);
  });

  it('names a PNG, and lets through what the caller allows and what has no signature', () => {
    expect(foreignFormat(PNG)).toBe('png');
    expect(foreignFormat(emptyZip(), ['zip'])).toBeNull();
    expect(foreignFormat(binaryStl())).toBeNull();
    expect(foreignFormat(Buffer.from('solid part\n'))).toBeNull();
  });
});

describe('STL by content', () => {
  it.each([
    ['"solid x" then an HTML page', 'solid x\n<html><script>alert(1)</script></html>\n'],
    ['markup on the solid line', 'solid <svg onload=alert(1)>\nfacet normal 0 0 0\n'],
    ['prose after the solid line', 'solid notes\nThis is not a mesh.\n'],
  ])('refuses an ASCII STL that is %s', (_what, content) => {
    expect(checkCaseFile('scan.stl', Buffer.from(content))).toBeNull();
  });

  it('tells a binary STL cut short from one that runs on', () => {
    const whole = binaryStl();
    const check = checkCaseFile('crown.stl', head(whole))!;
    expect(check.sizeProblem(whole.length)).toBeNull();
    expect(check.sizeProblem(whole.length - 1)).toBe('truncated');
    expect(check.sizeProblem(whole.length + 1)).toBe('mismatch');
  });

  it('accepts real binary and ASCII STL', () => {
    expect(accepts('crown.stl', binaryStl())).toBe(true);
    expect(accepts('crown.stl', asciiStl())).toBe(true);
    // A binary header that says "solid" is still judged as binary.
    const solidHeader = binaryStl();
    solidHeader.write('solid exported by a scanner', 0, 'latin1');
    expect(accepts('crown.stl', solidHeader)).toBe(true);
  });

  it.each([
    ['an MZ program', paddedToStlSize('MZ\x90\x00', 20, 0x90)],
    ['an ELF program', paddedToStlSize('\x7fELF')],
    ['a PDF', paddedToStlSize('%PDF-1.4')],
    ['a ZIP', paddedToStlSize('PK\x03\x04')],
    ['an HTML page', paddedToStlSize('<html><body>')],
    ['an SVG', paddedToStlSize('<svg onload=alert(1)>')],
    ['a GIF', paddedToStlSize('GIF89a')],
    ['a PNG', paddedToStlSize(PNG.subarray(0, 8))],
    ['NaN triangles', garbageStl('nan')],
    ['triangles 1e38 mm wide', garbageStl('huge')],
  ])('refuses %s sized exactly 84 + 50 n bytes', (_what, data) => {
    expect(accepts('scan.stl', data)).toBe(false);
  });

  it('reads every triangle within the first kilobyte, not only the first', () => {
    const many = paddedToStlSize('binary', 30);
    // 30 tetrahedron-like triangles of zeros are fine; one NaN vertex in the 18th is not.
    expect(accepts('scan.stl', many)).toBe(true);
    many.writeFloatLE(Number.NaN, 84 + 17 * 50 + 24);
    expect(accepts('scan.stl', many)).toBe(false);
  });
});
