/**
 * The catalogue at volume (docs/decisions/0012): 1,000 designers (one in ten verified), 200 buyers and 10,000
 * services over ten tags, one in a hundred hidden by an administrator. Rows have realistic sizes (an
 * argon2id hash, bios and descriptions of a few hundred characters, media paths): with rows of a few
 * bytes a table fits in so few pages that a Seq Scan costs what an index does, which is not the case
 * this measures. Shared by bench/catalogue.ts (throughput) and bench/catalogue-plans.ts (query plans).
 * Ends with `vacuum analyze`, as autovacuum would after a bulk load.
 */
const HASH = `'$argon2id$v=19$m=19456,t=2,p=1$' || substr(md5(i::text), 1, 22) || '$' || md5(i::text || 'h') || substr(md5(i::text || 'k'), 1, 11)`;
const MEDIA = (seed: string) => `'/media/' || md5(${seed}) || '.webp'`;

/**
 * The seed for `services` services by `services / 10` designers (bench/longtail.ts seeds 100,000 as well); the
 * default is the catalogue of docs/decisions/0012.
 */
export function catalogueSeedSql(count = 10_000): string[] {
  const designers = Math.max(1, Math.round(count / 10));
  return [
  `insert into users (username, email, password_hash, phone, image, wallpaper, website, is_designer, is_verified, specializations, cad_software, experience, description)
   select 'bench_designer_' || i, 'bench' || i || '@bench.test', ${HASH}, '+1 555 ' || i, ${MEDIA("i::text || 'a'")}, ${MEDIA("i::text || 'w'")},
          'https://lab' || i || '.example', true, i % 10 = 0,
          case i % 5 when 0 then array['Crown'] when 1 then array['Implant','Crown'] when 2 then array['Ortho'] when 3 then array['Dental'] else array['Pediatric'] end,
          array['exocad', '3Shape'], '3-5',
          'Designer number ' || i || ' making crowns, bridges and implant work. ' ||
          'Anatomic full-contour zirconia and lithium disilicate, screw-retained implant bridges on multi-unit abutments, ' ||
          'custom abutments and bars, Maryland bridges and veneers from intraoral scans. Margins checked on every die, ' ||
          'contacts and occlusion adjusted to the antagonist, STL ready for milling or printing.'
   from generate_series(1, ${designers}) i`,
  `insert into users (username, email, password_hash, phone)
   select 'bench_buyer_' || i, 'buyer' || i || '@bench.test', ${HASH}, '+1 556 ' || i
   from generate_series(1, 200) i`,
  `insert into services (user_id, title, description, tags, tooth_price, crown_price, unit_or_arch, delivery_time, revisions, cover, images, sales, total_stars, star_number, hidden, created_at,
                         restorations, materials, software, output_formats)
   select u.id,
          (array['Zirconia crown','Maryland bridge','Veneer smile design','Implant abutment','Aligner setup','Complete denture','Whitening tray','Perio splint','Endocrown','Socket shield'])[1 + s.i % 10] || ' #' || s.i,
          'Design number ' || s.i || ' milled from your STL scan, delivered as a project file with margins checked. ' ||
          'Send the upper and lower scans with the bite registration and the shade; I return the design within the delivery time, ' ||
          'with one round of changes included. Contacts and occlusion are adjusted to the antagonist and the minimum thickness ' ||
          'of the material is respected everywhere.',
          array[(array['Crown','Bridge','Veneer','Implant','Orthodontics','Dentures','Whitening','Cleaning','Root Canal','Extraction'])[1 + s.i % 10]],
          1000 + (s.i * 37) % 20000, null, 'unit', 1 + s.i % 5, 1, ${MEDIA("s.i::text || 'c'")}, array[${MEDIA("s.i::text || '1'")}, ${MEDIA("s.i::text || '2'")}],
          (s.i * 7919) % 500, (s.i % 50) * 4, s.i % 50, s.i % 100 = 7,
          now() - (s.i || ' minutes')::interval,
          -- What each designs (docs/product.md §7.1), spread like the tags: each value on about one service in ten, so a
          -- filter narrows the list (a value on most services would be counted by reading the table, rightly).
          (array['crown','bridge_retainer','veneer','implant_crown_screw','inlay','denture_tooth','post_core','custom_abutment','coping','onlay'])[1 + s.i % 10]
            || case when s.i % 10 = 1 then array['pontic'] else '{}'::text[] end,
          array[(array['zirconia_monolithic','zirconia_layered','lithium_disilicate','pmma_temporary','metal_ceramic','full_metal','composite','titanium'])[1 + s.i % 8]],
          array[(array['exocad','3shape','inlab_cerec','blender_for_dental','other','exocad','3shape','inlab_cerec','blender_for_dental','other'])[1 + (s.i / 10) % 10]],
          array['stl']
   from generate_series(1, ${count}) s(i)
   join lateral (select id from users where username = 'bench_designer_' || (1 + s.i % ${designers})) u on true`,
  'vacuum analyze',
  ];
}

export const CATALOGUE_SEED_SQL = catalogueSeedSql();
