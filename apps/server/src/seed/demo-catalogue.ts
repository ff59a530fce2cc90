import {
  designerProfileSchema,
  SERVICE_TAGS,
  serviceCreateSchema,
  type DesignerProfileInput,
  type Material,
  type OutputFormat,
  type Restoration,
  type ServiceCreateInput,
  type Software,
} from '@cusp/shared';
import type { AppContext } from '../context.js';
import { applyAdminCommand } from '../modules/admin/index.js';
import { hashPassword } from '../modules/auth/index.js';
import { createService } from '../modules/listings/index.js';
import { completeDesignerProfile, findUser } from '../modules/users/index.js';
import { storeCover } from './covers.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';
import { insertDemoUser, setDemoServiceHistory } from './direct-writes.js';

/** Twelve demo designers (password for all: designer-demo-1), so browsing looks alive. */
const DESIGNERS = [
  ['lina_haddad', ['Crown', 'Implant'], '5-10', 'Implant-borne crowns and custom abutments in exocad.', ['exocad']],
  ['omar_cad', ['Crown'], '3-5', 'Monolithic zirconia and e.max crowns, same-day turnaround.', ['3Shape']],
  ['sara_ortho', ['Ortho'], '5-10', 'Clear aligner setups and indirect bonding trays.', ['3Shape', 'Blender for Dental']],
  ['dentaldesign_pro', ['Dental', 'Crown'], '10+', 'Full-arch rehabilitations and smile design.', ['exocad', '3Shape']],
  ['mina_veneers', ['Dental'], '1-3', 'Minimal-prep veneers and wax-ups for mock-ups.', ['exocad']],
  ['youssef_implants', ['Implant'], '10+', 'Guided surgery guides and screw-retained bridges.', ['exocad', 'Dental Wings']],
  ['kids_smile_lab', ['Pediatric'], '3-5', 'Space maintainers and pediatric crowns.', ['3Shape']],
  ['arch_studio', ['Dental', 'Implant'], '5-10', 'All-on-4 and All-on-6 prosthetic designs.', ['exocad']],
  ['nadia_dentures', ['Dental'], '5-10', 'Digital complete and partial dentures.', ['3Shape']],
  ['ceramic_hub', ['Crown'], '1-3', 'Layered-look crowns and inlays, onlays.', ['inLab']],
  ['ahmad_surgical', ['Implant', 'Ortho'], '3-5', 'TADs, surgical guides and ortho-implant planning.', ['Blender for Dental']],
  ['white_design', ['Dental'], '0-1', 'Whitening trays and night guards.', ['exocad']],
] as const;

const TITLES: Record<(typeof SERVICE_TAGS)[number], string[]> = {
  Crown: ['Zirconia crown design', 'E.max anterior crown', 'Screw-retained implant crown', 'Temporary crown set'],
  Bridge: ['Three-unit zirconia bridge', 'Maryland bridge design', 'Long-span implant bridge', 'Cantilever bridge'],
  Veneer: ['Six-unit veneer smile design', 'Minimal-prep veneers', 'Digital wax-up for veneers', 'Single veneer match'],
  Implant: ['Custom abutment design', 'Surgical guide', 'All-on-4 framework', 'Implant bar design'],
  Orthodontics: ['Clear aligner setup', 'Indirect bonding tray', 'Retainer design', 'Expander design'],
  Dentures: ['Complete denture design', 'Partial denture framework', 'Immediate denture', 'Implant overdenture'],
  Whitening: ['Whitening tray design', 'Bleaching tray with reservoirs', 'Night guard', 'Sports guard'],
  Cleaning: ['Periodontal splint', 'Hygiene-friendly bridge contour', 'Gingival mask', 'Scaler guide'],
  'Root Canal': ['Endodontic access guide', 'Post and core design', 'Endocrown design', 'Guided endo stent'],
  Extraction: ['Socket-shield guide', 'Immediate provisional', 'Extraction stent', 'Ridge preservation shell'],
};

/**
 * The demo designer's own services: what the demo orders ask for (seed/demo-orders.ts), so each prescription
 * fits its service's capabilities (docs/product.md §7.1). Keyed by the service's place in the catalogue below.
 */
const DEMO_DESIGNER_SERVICES: Record<number, { title: string; tags: Array<(typeof SERVICE_TAGS)[number]>; capabilities: Capabilities }> = {
  39: {
    title: 'Three-unit zirconia bridge',
    tags: ['Bridge', 'Crown'],
    capabilities: { restorations: ['crown', 'bridge_retainer', 'pontic'], materials: ['zirconia_monolithic', 'zirconia_layered', 'lithium_disilicate'], software: ['exocad'], outputFormats: ['stl', 'exocad_project'] },
  },
  26: {
    title: 'Six-unit veneer smile design',
    tags: ['Veneer'],
    capabilities: { restorations: ['veneer', 'crown'], materials: ['lithium_disilicate', 'composite', 'zirconia_layered'], software: ['exocad'], outputFormats: ['stl', 'ply'] },
  },
  13: {
    title: 'Screw-retained implant crown',
    tags: ['Implant', 'Crown'],
    capabilities: {
      restorations: ['implant_crown_screw', 'implant_crown_cement', 'custom_abutment', 'crown'],
      materials: ['zirconia_monolithic', 'titanium', 'lithium_disilicate'],
      software: ['exocad'],
      outputFormats: ['stl', 'exocad_project'],
    },
  },
};

interface Capabilities {
  restorations: Restoration[];
  materials: Material[];
  software: Software[];
  outputFormats: OutputFormat[];
}

/** What a demo service designs, from its tags, title and its designer's CAD software (as migration 0009 derives it). */
function capabilitiesOf(tags: readonly string[], title: string, cadSoftware: readonly string[]): Capabilities {
  const has = (tag: string) => tags.includes(tag);
  const restorations = new Set<Restoration>();
  if (has('Crown')) restorations.add('crown');
  if (has('Bridge') || /\bbridge/i.test(title)) ['crown', 'bridge_retainer', 'pontic'].forEach((r) => restorations.add(r as Restoration));
  if (has('Veneer')) restorations.add('veneer');
  if (has('Implant')) ['implant_crown_screw', 'implant_crown_cement', 'custom_abutment'].forEach((r) => restorations.add(r as Restoration));
  if (has('Dentures')) restorations.add('denture_tooth');
  if (has('Root Canal')) restorations.add('post_core');
  if (restorations.size === 0) restorations.add('crown');
  const materials = new Set<Material>(['zirconia_monolithic']);
  if (has('Crown') || has('Bridge') || has('Veneer') || /e\.max/i.test(title)) materials.add('lithium_disilicate');
  if (has('Implant')) materials.add('titanium');
  if (has('Dentures') || /temporary|immediate/i.test(title)) materials.add('pmma_temporary');
  const software = new Set<Software>();
  for (const name of cadSoftware) {
    const lower = name.toLowerCase();
    software.add(lower.includes('exocad') ? 'exocad' : lower.includes('3shape') ? '3shape' : lower.includes('inlab') ? 'inlab_cerec' : lower.includes('blender') ? 'blender_for_dental' : 'other');
  }
  return { restorations: [...restorations], materials: [...materials], software: [...software], outputFormats: software.has('exocad') ? ['stl', 'exocad_project'] : ['stl'] };
}

/**
 * Demo catalogue, so that every list and filter has something to show: 12 designers and 40 services across all tags, with generated covers. The designers
 * complete their profile and list their services through the users' and services' own functions (the same checks as
 * `/designers/create` and `POST /api/services`); only the accounts themselves and the services' past (listed hours
 * ago, with sales and ratings) are written directly (seed/direct-writes.ts says why).
 * Runs only when the demo accounts were just created, so it never duplicates on restart.
 */
export async function seedDemoCatalogue(ctx: AppContext, demoDesignerId: string) {
  const passwordHash = await hashPassword('designer-demo-1');
  const demo = DEMO_ACCOUNTS.find((account) => account.designer)!;
  const designers = [await completeDesignerProfile(ctx, await findUser(ctx, demoDesignerId), designerProfileSchema.parse(demo.designer))];
  for (const [i, [username, role, experience, description, software]] of DESIGNERS.entries()) {
    const email = `${username}@cusp.test`;
    const account = await insertDemoUser(ctx.db, { username, email, phone: `+966 50 000 ${String(1000 + i)}` }, passwordHash);
    const profile = designerProfileSchema.parse({ role: [...role], experience, description, software: [...software] } satisfies DesignerProfileInput);
    const designer = await completeDesignerProfile(ctx, account, profile);
    if (i % 3 !== 2) await applyAdminCommand(ctx.db, 'verify', email);
    designers.push(designer);
  }
  const now = Date.now();
  for (let n = 0; n < 40; n++) {
    const tag = SERVICE_TAGS[n % SERVICE_TAGS.length]!;
    const second = SERVICE_TAGS[(n * 3 + 1) % SERVICE_TAGS.length]!;
    const own = DEMO_DESIGNER_SERVICES[n];
    const title = own?.title ?? TITLES[tag][Math.floor(n / SERVICE_TAGS.length) % 4]!;
    const tags = own?.tags ?? (tag === second ? [tag] : [tag, second]);
    const designer = designers[n % designers.length]!;
    const reviews = n % 5 === 0 ? 0 : 3 + (n % 7);
    const deliveryTime = 1 + (n % 4);
    const input: ServiceCreateInput = {
      title,
      description: `${title}, designed to your scan and prescription. Send STL/PLY/OBJ scans; you get a milling-ready design and the project file.`,
      tags,
      ...(own?.capabilities ?? capabilitiesOf(tags, title, designer.cadSoftware)),
      toothPrice: 15 + ((n * 7) % 18) * 5,
      crownPrice: n % 2 === 0 ? 30 + (n % 6) * 10 : null,
      unitOrArch: tag === 'Orthodontics' || tag === 'Dentures' ? 'arch' : 'unit',
      deliveryTime,
      revisions: 1 + (n % 3),
      // Turnaround tiers and extra revisions (docs/decisions/0041) on some services: rush a day sooner, standby a week later.
      turnaround: {
        ...(n % 2 === 0 && deliveryTime > 1 ? { rush: { days: n % 4, surchargePercent: 30 } } : {}),
        ...(n % 3 === 0 ? { standby: { days: 8 + (n % 4), discountPercent: 10 } } : {}),
      },
      ...(n % 2 === 0 ? { extraRevisionPrice: 10 } : {}),
      cover: await storeCover(ctx.storage, `demo/cover-${n}.webp`, tag, n),
    };
    const service = await createService(ctx, designer, serviceCreateSchema.parse(input));
    await setDemoServiceHistory(ctx, service._id, {
      createdAt: new Date(now - n * 3_600_000),
      starNumber: reviews,
      totalStars: Math.round(reviews * (4 + (n % 10) / 10)),
      sales: (n * 13) % 40,
    });
  }
}
