/** An InputNumber's money formatter and parser: 212345 shows as "212,345" and reads back from "$212,345". */
export const groupDigits = (value: string | number | undefined) => `${value ?? ''}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const ungroupDigits = (text: string | undefined) => (text ?? '').replace(/[$,\s]/g, '');
