import { Result } from 'antd';
import { Link } from 'react-router-dom';

/** What an Admin or an Investor sees at /app/contacts (the server answers them 403 too). */
export function AgentsOnly() {
  return (
    <Result
      status="403"
      title="Contacts are for agents"
      subTitle="Agents keep the investors they work with here. Your account is not an agent account, so this page is not available to you."
      extra={<Link to="/app">Back to the dashboard</Link>}
    />
  );
}
