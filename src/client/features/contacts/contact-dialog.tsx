import { Alert, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Contact, ContactInput } from '../../../shared/investor-types';
import { DEFAULT_ERROR_MESSAGE, errorMessage } from '../../api/base-query';
import { applyServerFieldErrors, sharedRule } from '../../components/form-rules';
import { DIALOG_BODY_STYLE, useDialogWidth } from '../../components/use-dialog-width';
import { useCreateContactMutation, useUpdateContactMutation } from './contacts-api';
import { CONTACT_LIMITS, CONTACT_TEXT, trimContact, validateContact } from './contact-rules';
import { PropertyPicker } from './property-picker';

interface ContactDialogProps {
  /** The contact to edit; none to add one. */
  contact?: Contact;
  onClose: () => void;
}

/** Add Contact / Edit Contact: name, email, phone, notes and linked properties. */
export function ContactDialog({ contact, onClose }: ContactDialogProps) {
  const [form] = Form.useForm<ContactInput>();
  const [create, { isLoading: creating }] = useCreateContactMutation();
  const [update, { isLoading: updating }] = useUpdateContactMutation();
  const [generalError, setGeneralError] = useState<string | null>(null);
  const width = useDialogWidth();
  const editing = Boolean(contact);
  const initialValues: ContactInput = {
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    notes: contact?.notes ?? '',
    propertyIds: contact?.properties.map((p) => p._id) ?? [],
  };

  const onFinish = async (values: ContactInput) => {
    setGeneralError(null);
    const body = trimContact(values);
    try {
      if (contact) await update({ id: contact._id, body }).unwrap();
      else await create(body).unwrap();
      toast.success(editing ? CONTACT_TEXT.updated : CONTACT_TEXT.created);
      onClose();
    } catch (error) {
      const own = errorMessage(error);
      const message = own === DEFAULT_ERROR_MESSAGE ? (editing ? CONTACT_TEXT.updateFailed : CONTACT_TEXT.createFailed) : own;
      toast.error(message);
      setGeneralError(message);
      applyServerFieldErrors(form, error);
    }
  };

  return (
    <Modal
      open
      title={editing ? 'Edit Contact' : 'Add Contact'}
      onCancel={onClose}
      width={width}
      styles={{ body: DIALOG_BODY_STYLE }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button key="submit" type="primary" loading={creating || updating} onClick={() => form.submit()}>
          {editing ? 'Update Contact' : 'Create Contact'}
        </Button>,
      ]}
    >
      <Form
        form={form}
        name="contact"
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void onFinish(values)}
        requiredMark
        noValidate
      >
        {generalError ? <Alert type="error" showIcon title={generalError} className="dm-form-alert" role="alert" /> : null}
        <Form.Item label="Name" name="name" required rules={[sharedRule(validateContact, 'name')]}>
          <Input autoComplete="off" maxLength={CONTACT_LIMITS.name} autoFocus />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[sharedRule(validateContact, 'email')]}>
          <Input type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Phone" name="phone" rules={[sharedRule(validateContact, 'phone')]}>
          <Input type="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item label="Notes" name="notes" rules={[sharedRule(validateContact, 'notes')]}>
          <Input.TextArea rows={4} showCount maxLength={CONTACT_LIMITS.notes} />
        </Form.Item>
        <Form.Item
          label="Linked properties"
          name="propertyIds"
          rules={[sharedRule(validateContact, 'propertyIds')]}
          extra="The properties you are discussing with this contact. Search by street, city or ZIP code."
        >
          <PropertyPicker linked={contact?.properties ?? []} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
