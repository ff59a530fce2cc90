import { describe, expect, it } from 'vitest';
import { guessFileRole, guessFileRoles } from './fileRoles.js';

describe('guessFileRole', () => {
  it.each([
    // 3Shape TRIOS / Unite exports
    ['2026-11-20_LAB-0042_UpperJaw.stl', 'upper_jaw'],
    ['2026-11-20_LAB-0042_LowerJaw.stl', 'lower_jaw'],
    ['LAB-0042-UpperJaw-PreparationScan.stl', 'prep'],
    ['Raw Preparation scan.stl', 'prep'],
    ['BiteScan.stl', 'bite'],
    // exocad
    ['LAB-0042/LAB-0042-ScanBody.stl', 'scan_body'],
    ['C:\\exocad\\DentalDB\\LAB-0042\\scan_body_36.stl', 'scan_body'],
    ['LAB-0042-upper_jaw.stl', 'upper_jaw'],
    ['Unterkiefer.stl', 'lower_jaw'],
    // Medit
    ['20261120_Maxilla.ply', 'upper_jaw'],
    ['20261120_mandible.ply', 'lower_jaw'],
    ['Maxillary.stl', 'upper_jaw'],
    ['Mandibular Arch.stl', 'lower_jaw'],
    ['Occlusion_1.stl', 'bite'],
    // iTero: the jaws in occlusion, the final letter says which
    ['12345678_shell_occlusion_u.stl', 'upper_jaw'],
    ['12345678_shell_occlusion_l.stl', 'lower_jaw'],
    ['iTero_Export_12345678_u.stl', 'upper_jaw'],
    // Typed by people
    ['patient-upperjaw.stl', 'upper_jaw'],
    ['LOWERJAW.STL', 'lower_jaw'],
    ['buccal bite right.stl', 'bite'],
    ['upper_lower_bite.stl', 'bite'],
    ['prep_36.stl', 'prep'],
    ['IMG_2034.JPG', 'photo'],
    ['smile-shade-A2.jpeg', 'photo'],
    ['bite.png', 'photo'],
    ['crown_design_36.stl', 'other'],
    ['LAB-0042.zip', 'other'],
    ['UpperLower.stl', 'other'],
    ['Lowering_supper.stl', 'other'],
    ['Raw Antagonist scan.stl', 'other'],
    ['Antagonist_Lower.stl', 'lower_jaw'],
  ])('%s → %s', (name, role) => {
    expect(guessFileRole(name)).toBe(role);
  });
});

describe('guessFileRoles', () => {
  it('makes the antagonist the jaw opposite the one other jaw', () => {
    expect(guessFileRoles(['LAB-0042_UpperJaw.stl', 'Raw Antagonist scan.stl', 'Bite.stl'])).toEqual(['upper_jaw', 'lower_jaw', 'bite']);
    expect(guessFileRoles(['Raw Preparation scan.stl', 'Raw Antagonist scan.stl'])).toEqual(['prep', 'other']);
  });
});
