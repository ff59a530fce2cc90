import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ERRORS, isErrorCode, sentenceOf } from './error-codes.js';
import * as shared from './index.js';

describe('ERRORS (docs/decisions/0056)', () => {
  it('gives every code a sentence of its own, so no sentence stands for two codes', () => {
    const codesOf = new Map<string, string[]>();
    for (const [code, { message }] of Object.entries(ERRORS)) {
      expect(message.trim(), code).not.toBe('');
      codesOf.set(message, [...(codesOf.get(message) ?? []), code]);
    }
    expect([...codesOf].filter(([, codes]) => codes.length > 1)).toEqual([]);
  });

  it('turns a code into its sentence and leaves any other text as it is', () => {
    expect(sentenceOf('EMAIL_INVALID')).toBe(ERRORS.EMAIL_INVALID.message);
    expect(sentenceOf('Invalid input')).toBe('Invalid input');
  });

  it('is what the shared schemas say: a refused field carries a code, not an English sentence', () => {
    const cases: Array<[z.ZodType, unknown, string]> = [
      [shared.registerSchema, { username: 'a', email: 'x', password: '1', confirmPassword: '2', phone: 'p' }, 'username'],
      [shared.loginSchema, { email: '', password: '' }, 'email'],
      [shared.serviceCreateSchema, { tags: [], title: 'x'.repeat(121), description: '', toothPrice: 0 }, 'title'],
      [shared.supportTicketSchema, { name: '', email: 'a@b.c', subject: 's', message: 'm' }, 'name'],
      [shared.sendMessageSchema, { conversationID: 'nope', description: '', clientId: 'abcdefgh' }, 'conversationID'],
    ];
    for (const [schema, input, field] of cases) {
      const result = schema.safeParse(input);
      expect(result.success, field).toBe(false);
      const issues = result.error!.issues;
      expect(issues.find((issue) => issue.path[0] === field), field).toBeDefined();
      for (const issue of issues) expect(isErrorCode(issue.message), `${field}: ${issue.path.join('.')} ${issue.message}`).toBe(true);
    }
  });

  // Every field of the prescription, the payment intent that carries it, a preset and the service's capabilities,
  // wrong in each way a field can be: each issue's message is a code, the rules' too (their tooth is in `params`).
  const order = { type: 'service', id: '00000000-0000-4000-8000-000000000001' };
  const badInputs: Array<[string, z.ZodType, unknown]> = [
    ['design numbers out of range', shared.prescriptionSchema, { design: { cementGapMicrons: 201, extraCementGapMicrons: -1, distanceToMarginMm: 3, minThicknessMm: 0.1 } }],
    ['design numbers not whole or not numbers', shared.prescriptionSchema, { design: { cementGapMicrons: 1.5, extraCementGapMicrons: 2.5, distanceToMarginMm: 'x', minThicknessMm: 'y' } }],
    ['design choices unknown', shared.prescriptionSchema, { design: { contactStrength: 'firm', occlusion: 'deep', ponticType: 'round', outputFormats: [] } }],
    ['output formats unknown or repeated', shared.prescriptionSchema, { design: { outputFormats: ['obj', 'stl', 'stl', 'stl', 'stl', 'stl', 'stl', 'stl', 'stl'] } }],
    ['output formats not a list', shared.prescriptionSchema, { design: { outputFormats: 'stl' } }],
    [
      'unit fields',
      shared.prescriptionSchema,
      {
        units: [
          { tooth: 19, restoration: 'veneer2', material: 'gold', shade: 'A2'.repeat(6) },
          { tooth: 36, restoration: 'implant_crown_screw', material: 'zirconia_monolithic', implant: { system: 's'.repeat(61), platform: 'p'.repeat(61) } },
        ],
      },
    ],
    ['case reference, due date and notes', shared.prescriptionSchema, { caseRef: 'r'.repeat(41), dueBy: '2026-02-30', notes: 'n'.repeat(5001) }],
    ['a due date that is not text', shared.prescriptionSchema, { dueBy: 20260301 }],
    ['units not a list', shared.prescriptionSchema, { units: 'all' }],
    [
      'the rules',
      shared.prescriptionSchema,
      {
        units: [
          { tooth: 21, restoration: 'crown', material: 'zirconia_monolithic' },
          { tooth: 21, restoration: 'crown', material: 'zirconia_monolithic', shade: 'Z9' },
          { tooth: 36, restoration: 'pontic', material: 'zirconia_monolithic', shade: 'A2' },
          { tooth: 46, restoration: 'implant_crown_screw', material: 'titanium' },
          { tooth: 11, restoration: 'crown', material: 'titanium', implant: { system: 'x', platform: 'y' } },
          { tooth: 14, restoration: 'bridge_retainer', material: 'zirconia_monolithic', shade: 'A2' },
        ],
      },
    ],
    ['a pontic shape without a pontic', shared.prescriptionSchema, { design: { ponticType: 'ovate' } }],
    ['the intent around it', shared.serviceIntentInput, { ...order, quantity: 0.5, teeth: [1.5, 'x'], requirements: 'r'.repeat(5001), presetId: 'p', attachments: [{ id: 'x', role: 'skull' }] }],
    ['a file role', shared.orderFileRoleInput, { role: 'skull' }],
    ['a preset', shared.presetInput, { name: '', design: { cementGapMicrons: -5, occlusion: 'deep' }, material: 'gold', shade: 'Z9' }],
    ['capabilities', shared.serviceCapabilitiesSchema, { restorations: [], materials: ['gold'], software: ['cad'], outputFormats: 'stl' }],
    ['a project file without its software', shared.serviceCapabilitiesSchema, { restorations: ['crown'], materials: ['composite'], outputFormats: ['exocad_project'] }],
    ['a service update', shared.serviceUpdateSchema, { unitOrArch: 'box', deliveryTime: 0.5, revisions: 21, images: Array(9).fill('/media/x.png') }],
    ['a revision', shared.revisionInput, { note: 'n'.repeat(5001), units: [1.5] }],
  ];
  it.each(badInputs)('gives a code for every refused field of the prescription and the order: %s', (_, schema, input) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    for (const issue of result.error!.issues) expect(isErrorCode(issue.message), `${issue.path.join('.')}: ${issue.message}`).toBe(true);
  });

  it('writes a rule\u2019s sentence naming the tooth from its parameters, and the code\u2019s own without them', () => {
    const result = shared.prescriptionSchema.safeParse({ units: [{ tooth: 12, restoration: 'crown', material: 'composite', shade: 'A5' }] });
    const issue = result.error!.issues[0]!;
    expect(issue.message).toBe('SHADE_UNKNOWN');
    expect(sentenceOf(issue.message, issue.code === 'custom' ? issue.params : undefined)).toBe('Tooth 12: A5 is not a VITA classical, VITA 3D-Master or bleach shade.');
    expect(sentenceOf(issue.message)).toBe(ERRORS.SHADE_UNKNOWN.message);
  });

  it('counts every prescription rule among its codes', () => {
    for (const code of shared.PRESCRIPTION_ISSUE_CODES) expect(isErrorCode(code), code).toBe(true);
  });
});
