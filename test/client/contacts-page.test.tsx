import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { validateContact } from '../../src/client/features/contacts/contact-rules';
import { ContactsPage } from '../../src/client/features/contacts/contacts-page';
import type { Contact } from '../../src/shared/investor-types';
import { callsTo, makeUser, mockApi, renderSignedIn, withFastComputedStyle } from './api-mock';

jest.setTimeout(30_000);
withFastComputedStyle();
afterEach(() => act(() => toast.remove()));

const fill = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const agent = makeUser({ role: 'Agent', roleName: 'Agent' });
const OAK = { _id: 'p-oak', address: '12 Oak St, Austin, TX 78701', listPrice: 250_000 };
const ELM = { _id: 'p-elm', address: '40 Elm Ave, Austin, TX 78702', listPrice: 310_000 };
const GRACE: Contact = {
  _id: 'c1',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  phone: '(512) 555-0100',
  notes: 'Wants a duplex east of I-35',
  properties: [OAK],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

/** An in-memory contacts API: list (with q), create, update, delete and the property search. */
function contactsServer(initial: Contact[] = [GRACE]) {
  let contacts = [...initial];
  const known = new Map([OAK, ELM].map((p) => [p._id, p]));
  const toContact = (
    id: string,
    body: { propertyIds: string[] } & Omit<Contact, '_id' | 'properties' | 'createdAt' | 'updatedAt'>,
  ): Contact => ({
    _id: id,
    name: body.name,
    email: body.email,
    phone: body.phone,
    notes: body.notes,
    properties: body.propertyIds.map((pid) => known.get(pid)!),
    createdAt: '',
    updatedAt: '',
  });
  const sent = mockApi({
    'GET /api/v1/auth/contacts': (_b, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return [200, { data: contacts.filter((c) => `${c.name} ${c.email} ${c.phone} ${c.notes}`.toLowerCase().includes(q)) }];
    },
    'POST /api/v1/auth/contacts': (body) => {
      const created = toContact(`c${contacts.length + 1}`, body as never);
      contacts = [...contacts, created];
      return [201, { data: created }];
    },
    'PUT /api/v1/auth/contacts/c1': (body) => {
      contacts = contacts.map((c) => (c._id === 'c1' ? toContact('c1', body as never) : c));
      return [200, { data: contacts[0] }];
    },
    'DELETE /api/v1/auth/contacts/c1': () => {
      contacts = contacts.filter((c) => c._id !== 'c1');
      return [204];
    },
    'GET /api/v1/auth/contacts/property-options': (_b, url) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      return [200, { data: [OAK, ELM].filter((p) => p.address.toLowerCase().includes(q)) }];
    },
  });
  return sent;
}

const openContacts = (user = agent) => renderSignedIn(<ContactsPage />, { path: '/app/contacts', user });
const dialogTitled = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest('.ant-modal') as HTMLElement;

describe('contact rules', () => {
  it('name required; email, phone, notes optional but well-formed', () => {
    expect(validateContact({ name: '  ' })).toEqual({ name: 'Name is required' });
    expect(validateContact({ name: 'Ada', email: 'ada@', phone: 'call me', notes: 'x'.repeat(2001) })).toEqual({
      email: 'Email is not a valid email',
      phone: 'Phone must be 7 to 20 characters of digits, spaces and + - ( ) .',
      notes: 'Notes must be at most 2,000 characters',
    });
    expect(validateContact({ name: 'Ada', email: '', phone: '+1 (512) 555-0100', notes: '' })).toEqual({});
  });
});

describe('contacts page', () => {
  it('non-agents see a refusal and nothing is asked of the server', () => {
    for (const role of ['Investor', 'Admin'] as const) {
      const sent = mockApi({});
      const view = openContacts(makeUser({ role }));
      expect(screen.getByText('Contacts are for agents')).toBeInTheDocument();
      expect(screen.getByText(/Your account is not an agent account/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/app');
      expect(sent).toHaveLength(0);
      view.unmount();
    }
  });

  it('lists contacts with their linked properties as links, and searches as the agent types', async () => {
    const sent = contactsServer([
      GRACE,
      { ...GRACE, _id: 'c2', name: 'Alan Turing', email: 'alan@example.com', phone: '', notes: '', properties: [] },
    ]);
    openContacts();
    const row = (await screen.findByText('Grace Hopper')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: OAK.address })).toHaveAttribute('href', '/app/property/p-oak');
    expect(within(row).getByRole('link', { name: 'grace@example.com' })).toHaveAttribute('href', 'mailto:grace@example.com');
    expect(within(row).getByRole('link', { name: '(512) 555-0100' })).toHaveAttribute('href', 'tel:5125550100');
    expect(screen.getByText('2 contacts')).toBeInTheDocument();

    fill(screen.getByLabelText('Search contacts'), 'alan');
    await waitFor(() => expect(screen.queryByText('Grace Hopper')).not.toBeInTheDocument());
    expect(screen.getByText('Alan Turing')).toBeInTheDocument();
    expect(callsTo(sent, 'GET', '/api/v1/auth/contacts').at(-1)?.search.get('q')).toBe('alan');
    fill(screen.getByLabelText('Search contacts'), 'nobody');
    expect(await screen.findByText('No contacts match “nobody”.')).toBeInTheDocument();
  });

  it('an agent with no contacts is invited to add one', async () => {
    contactsServer([]);
    openContacts();
    fireEvent.click(await screen.findByRole('button', { name: 'Add your first contact' }));
    expect(await dialogTitled('Add Contact')).toBeInTheDocument();
  });

  it('adds a contact: the rules first, then the property search, then the toast and the new row', async () => {
    const sent = contactsServer([]);
    openContacts();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Contact' }));
    const dialog = await dialogTitled('Add Contact');
    fill(within(dialog).getByLabelText('Email'), 'not-an-email');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Contact' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(await within(dialog).findByText('Email is not a valid email')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/auth/contacts')).toHaveLength(0);

    fill(within(dialog).getByLabelText('Name'), ' Ada Lovelace ');
    fill(within(dialog).getByLabelText('Email'), 'ada@example.com');
    fill(within(dialog).getByLabelText('Phone'), '512 555 0199');
    fill(within(dialog).getByLabelText('Notes'), 'Prefers BRRRR deals');
    const picker = within(dialog).getByLabelText('Linked properties');
    fireEvent.change(picker, { target: { value: 'E' } });
    expect(await screen.findByText('Type at least 2 characters of the address')).toBeInTheDocument();
    fireEvent.change(picker, { target: { value: 'Elm' } });
    const option = await screen.findByText(ELM.address, { selector: '.dm-property-option' });
    expect(callsTo(sent, 'GET', '/api/v1/auth/contacts/property-options').at(-1)?.search.get('q')).toBe('Elm');
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Contact' }));

    expect(await screen.findByText('Contact created successfully')).toBeInTheDocument();
    expect(callsTo(sent, 'POST', '/api/v1/auth/contacts')[0].body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '512 555 0199',
      notes: 'Prefers BRRRR deals',
      propertyIds: ['p-elm'],
    });
    const row = (await screen.findByText('Ada Lovelace')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: ELM.address })).toHaveAttribute('href', '/app/property/p-elm');
  });

  it('edits a contact, keeping its linked properties', async () => {
    const sent = contactsServer();
    openContacts();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Grace Hopper' }));
    const dialog = await dialogTitled('Edit Contact');
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Grace Hopper');
    expect(within(dialog).getByText(OAK.address)).toBeInTheDocument();
    fill(within(dialog).getByLabelText('Phone'), '512-555-0111');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Contact' }));
    expect(await screen.findByText('Contact updated successfully')).toBeInTheDocument();
    expect(callsTo(sent, 'PUT', '/api/v1/auth/contacts/c1')[0].body).toMatchObject({
      phone: '512-555-0111',
      propertyIds: ['p-oak'],
    });
    expect(await screen.findByText('512-555-0111')).toBeInTheDocument();
  });

  it('shows the server field messages and keeps the dialog open', async () => {
    mockApi({
      'GET /api/v1/auth/contacts': [200, { data: [GRACE] }],
      'PUT /api/v1/auth/contacts/c1': [
        400,
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Unknown property: p-oak',
            fields: { propertyIds: 'Unknown property: p-oak' },
          },
        },
      ],
    });
    openContacts();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Grace Hopper' }));
    const dialog = await dialogTitled('Edit Contact');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Contact' }));
    await waitFor(() => expect(within(dialog).getAllByText('Unknown property: p-oak').length).toBeGreaterThanOrEqual(2));
    expect(within(dialog).getByText('Linked properties').closest('.ant-form-item')).toHaveClass('ant-form-item-has-error');
  });

  it('deletes after a confirmation; No keeps the contact', async () => {
    const sent = contactsServer();
    openContacts();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Grace Hopper' }));
    fireEvent.click(await screen.findByRole('button', { name: 'No' }));
    expect(callsTo(sent, 'DELETE', '/api/v1/auth/contacts/c1')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Grace Hopper' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Contact deleted successfully')).toBeInTheDocument();
    expect(await screen.findByText(/No contacts yet/)).toBeInTheDocument();
    expect(callsTo(sent, 'DELETE', '/api/v1/auth/contacts/c1')).toHaveLength(1);
  });
});
