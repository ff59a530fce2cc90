import { expect, newLivePage, test } from './fixtures';
import { binaryStl, DEMO_BUYER, expectAccessible, logIn } from './helpers';

const DEMO_DESIGNER = { email: 'designer@cusp.test', password: 'designer-demo-1' };

const stl = (name: string) => ({ name, mimeType: 'model/stl', buffer: binaryStl(name) });
const futureExpiry = () => `12${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`;
const usd = (amount: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);

test('a dentist prescribes a 14-16 bridge with a preset and named scans, pays; the designer reads the card and the PDF', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000);

  await page.goto('/login');
  await logIn(page, DEMO_BUYER.email, DEMO_BUYER.password);
  await expect(page.getByText('Welcome back!')).toBeVisible();

  // The demo designer's per-unit service that designs bridges (found by what it designs: docs/product.md §7.3).
  const list = (await (await page.request.get('/api/gigs?restoration=pontic&limit=100')).json()) as Array<{
    _id: string;
    title: string;
    toothPrice: number;
    unitOrArch: string;
    userID: { username: string };
  }>;
  const service = list.find((s) => s.userID.username === 'demo_designer' && s.unitOrArch === 'unit')!;
  expect(service).toBeTruthy();

  await page.goto(`/services/${service._id}`);
  await expect(page.getByRole('region', { name: 'What this service designs' }).getByText('Pontic')).toBeVisible();
  await page.getByRole('link', { name: 'Order Service' }).click();
  const form = page.getByRole('dialog', { name: /Order this service/ });
  await expect(form).toBeVisible();
  // The default preset fills the design block.
  await expect(form.getByRole('combobox', { name: 'Preset', exact: true })).toHaveValue('Posterior zirconia (our lab) (default)');
  await expect(form.getByLabel('Cement gap (µm)', { exact: true })).toHaveValue('45');

  // 14-16 as a bridge: retainers at the ends, a pontic between, drawn joined on the chart.
  await form.getByLabel('Bridge from tooth to tooth').fill('14-16');
  await form.getByRole('button', { name: 'Mark the bridge' }).click();
  await expect(form.getByTestId('chart-tooth-15')).toContainText('PON');
  await expect(form.getByTestId('chart-tooth-14')).toContainText('RET');
  // drawn left to right 16, 15, 14: a bar from 16 to 15 and from 15 to 14
  await expect(form.getByTestId('chart-tooth-16')).toHaveAttribute('data-joined', 'next');
  await expect(form.getByTestId('chart-tooth-15')).toHaveAttribute('data-joined', 'next');
  await expect(form.getByText('3 units', { exact: false }).first()).toBeVisible();
  await expect(form.getByRole('combobox', { name: 'Tooth 14: Shade' })).toHaveValue('A2');
  // The pontic needs its shape: the shared rule says so at the field.
  await expect(form.getByText('Tooth 15 is a pontic: please choose the pontic shape.')).toBeVisible();
  await form.getByRole('combobox', { name: 'Pontic shape' }).click();
  await page.getByRole('option', { name: 'Ovate' }).click();
  await expect(form.getByText('Tooth 15 is a pontic: please choose the pontic shape.')).toHaveCount(0);

  // Another preset fills the fields and the units' material and shade.
  await form.getByRole('combobox', { name: 'Preset', exact: true }).click();
  await page.getByRole('option', { name: 'Anterior e.max' }).click();
  await expect(form.getByLabel('Cement gap (µm)', { exact: true })).toHaveValue('30');
  await expect(form.getByRole('combobox', { name: 'Tooth 16: Shade' })).toHaveValue('BL2');
  await expect(form.getByRole('combobox', { name: 'Tooth 16: Material' })).toHaveValue('Lithium disilicate (e.max)');

  // Scans: roles guessed from the names by the server, shown and changeable.
  await form.getByLabel('Case files').setInputFiles([stl('UpperJaw.stl'), stl('LowerJaw.stl')]);
  await expect(form.getByText(/^Uploaded ·/)).toHaveCount(2);
  await expect(form.getByRole('combobox', { name: 'Role of UpperJaw.stl' })).toHaveValue('upper_jaw');
  await expect(form.getByRole('combobox', { name: 'Role of LowerJaw.stl' })).toHaveValue('lower_jaw');
  await form.getByLabel('Case reference').fill('LAB-2291');

  // The server's price: 3 units × the unit price.
  const total = service.toothPrice * 3;
  await expect(form.getByTestId('quote-line')).toHaveText(`3 × ${usd(service.toothPrice)} = ${usd(total)}`);
  await expect(form.getByTestId('order-total')).toHaveText(usd(total));
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Continue to payment' }).click();

  await expect(page).toHaveURL(new RegExp(`/pay/service/${service._id}\\?payment=[0-9a-f-]+$`));
  await expect(page.getByTestId('pay-total')).toHaveText(usd(total));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date').pressSequentially(futureExpiry());
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on card').fill('Demo Buyer');
  await page.getByRole('button', { name: `Pay ${usd(total)}` }).click();
  // Paid: the buyer lands on the new order with its notice (docs/product.md §3.6).
  await expect(page.getByTestId('paid-notice')).toContainText(/^Payment received\. Order C-\d+ is now with the designer\.$/, { timeout: 15_000 });

  const orders = (await (await page.request.get('/api/orders')).json()) as Array<{ _id: string; serviceId: string; status: string; createdAt: string }>;
  const order = orders.filter((o) => o.serviceId === service._id && o.status === 'in_progress').sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;

  // The designer reads the prescription at a glance.
  const designer = await newLivePage(browser, { baseURL });
  const login = await designer.request.post('/api/auth/login', { data: DEMO_DESIGNER, headers: { origin: baseURL! } });
  expect(login.ok()).toBe(true);
  await designer.goto(`/orders/${order._id}`);
  const card = designer.getByRole('region', { name: 'Prescription' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Case LAB-2291')).toBeVisible();
  await expect(card.getByTestId('prescription-bridge')).toHaveText('Bridge 14–16');
  await expect(card.getByTestId('chart-tooth-15')).toContainText('PON');
  const rows = card.getByRole('table', { name: 'Units' }).getByRole('row');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(2)).toContainText('15');
  await expect(rows.nth(2)).toContainText('Pontic');
  await expect(rows.nth(2)).toContainText('BL2');
  await expect(card.getByText('Ovate')).toBeVisible();
  await expect(card.getByTestId('scans-upper_jaw')).toContainText('UpperJaw.stl');
  await expect(card.getByTestId('scans-lower_jaw')).toContainText('LowerJaw.stl');
  await expectAccessible(designer);

  const pdfLink = card.getByRole('link', { name: 'Download PDF' });
  const href = await pdfLink.getAttribute('href');
  expect(href).toBe(`/api/orders/${order._id}/prescription.pdf?lang=en`);
  const pdf = await designer.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await designer.context().close();
});
