import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '@/test/factories';
import { mockApi } from '@/test/fetch-mock';
import { renderApp } from '@/test/render';

describe('SupportPage', () => {
  it('posts the contact form, shows the success message and resets the form', async () => {
    const api = mockApi({ 'POST /api/support/tickets': { status: 201, body: { _id: 't-1' } } });
    const ui = renderApp('/support');
    expect(await screen.findByRole('tab', { name: 'Contact Us', selected: true })).toBeInTheDocument();

    await ui.user.type(screen.getByLabelText('Name'), 'Lina');
    await ui.user.type(screen.getByLabelText('Email'), 'lina@example.com');
    await ui.user.type(screen.getByLabelText('Subject'), 'STL upload');
    await ui.user.type(screen.getByLabelText('Message'), 'My 150 MB file does not upload.');
    await ui.user.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText("Your message has been sent. We'll get back to you soon.")).toBeInTheDocument();
    expect(api.to('POST /api/support/tickets')[0]?.body).toEqual({
      name: 'Lina',
      email: 'lina@example.com',
      subject: 'STL upload',
      message: 'My 150 MB file does not upload.',
    });
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('shows the field messages and sends nothing when the form is empty', async () => {
    const api = mockApi();
    const ui = renderApp('/support');
    await ui.user.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Please fill in the name field.')).toBeInTheDocument();
    expect(screen.getByText('Please fill in the message field.')).toBeInTheDocument();
    expect(api.to('POST /api/support/tickets')).toHaveLength(0);
  });

  it('fills in the name and e-mail of a logged-in user', async () => {
    mockApi({}, { user: buildUser({ username: 'dr.lina', email: 'lina@example.com' }) });
    renderApp('/support');
    expect(await screen.findByDisplayValue('dr.lina')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('lina@example.com');
  });

  it('shows the contact details and a Start Chat button to /messages', async () => {
    renderApp('/support');
    expect(await screen.findByRole('link', { name: 'support@cusp.dental' })).toHaveAttribute('href', 'mailto:support@cusp.dental');
    expect(screen.getByText('Sunday–Thursday 9am–5pm')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', '/messages');
  });

  it('opens the FAQ with ?tab=faq, with three topics of questions', async () => {
    const ui = renderApp('/support?tab=faq');
    expect(await screen.findByRole('tab', { name: 'FAQ', selected: true })).toBeInTheDocument();
    const topics = screen.getByRole('tablist', { name: 'FAQ topics' });
    expect(within(topics).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Technical Help',
      'Account Management',
      'Services & Payment',
    ]);

    await ui.user.click(screen.getByRole('button', { name: 'Which file formats can I upload?' }));
    const formats = await screen.findByText(/STL, PLY, OBJ, ZIP, PNG and JPG files of up to 200 MB/);
    await waitFor(() => expect(formats).toBeVisible());

    await ui.user.click(within(topics).getByRole('tab', { name: 'Services & Payment' }));
    await ui.user.click(await screen.findByRole('button', { name: 'How can I pay?' }));
    const payment = await screen.findByText(/PayPal, credit card or bank transfer.*held in escrow/);
    await waitFor(() => expect(payment).toBeVisible());

    await ui.user.click(screen.getByRole('tab', { name: 'Contact Us' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/support$/);
  });
});
