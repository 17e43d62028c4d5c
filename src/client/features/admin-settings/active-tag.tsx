import { Tag } from 'antd';

/** Active / Inactive tag of the Status and Active columns. */
export function ActiveTag({ active }: { active: boolean }) {
  return active ? <Tag color="success">Active</Tag> : <Tag>Inactive</Tag>;
}
