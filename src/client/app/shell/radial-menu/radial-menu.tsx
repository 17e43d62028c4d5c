import { App as AntApp, Button, Tooltip } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import toast from 'react-hot-toast';
import { useMatch, useNavigate } from 'react-router-dom';
import { normalizeRole } from '../../../../shared/roles';
import { useAppDispatch, useAppSelector } from '../../hooks';
import {
  CalculatorIcon,
  ChatIcon,
  GlobeIcon,
  MailIcon,
  NewsIcon,
  NoteIcon,
  PlusIcon,
  TrashIcon,
} from '../../../components/icons';
import { RADIAL_CLOSE_MS } from '../../../constants';
import { MortgageCalculatorDialog } from '../../../features/calculator/mortgage-calculator-dialog';
import { NewsDialog } from '../../../features/news/news-dialog';
import { NotesDialog } from '../../../features/notes/notes-dialog';
import { TeamChatDialog } from '../../../features/team-chat/team-chat-dialog';
import { clearDealmapStorage } from '../../../features/session';
import { SESSION_STORAGE_KEY } from '../../../constants';
import { selectUser } from '../../../features/session/session-slice';
import { followSystemEnabled } from '../../../features/theme/theme-slice';
import { clearSavedTheme, systemTheme } from '../../../features/theme/theme-storage';
import { openInNewTab, openMailClient } from './radial-actions';
import { radialOffset } from './radial-geometry';

type Dialog = 'calculator' | 'notes' | 'news' | 'chat' | null;

interface Entry {
  key: string;
  label: string;
  hint: string;
  icon: ReactNode;
  run: () => void;
}

/** The floating quick-actions menu (see docs/radial-menu.md). */
export function RadialMenu() {
  const navigate = useNavigate();
  // On a property page, Record keeps notes on that property.
  const onProperty = useMatch('/app/property/:id');
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { modal } = AntApp.useApp();
  const [rendered, setRendered] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const open = useCallback(() => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setRendered(true);
    requestAnimationFrame(() => setExpanded(true));
  }, []);

  const close = useCallback(() => {
    setExpanded(false);
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setRendered(false), RADIAL_CLOSE_MS);
  }, []);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  useEffect(() => {
    if (!expanded) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        toggleRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [expanded, close]);

  // modal.confirm answers a thenable (resolved when the dialog closes); nothing waits for it.
  const confirmDelete = () => {
    void modal.confirm({
      title: "Clear this browser's Dealmap data?",
      content:
        'Your theme choice and anything else Dealmap keeps in this browser are removed. Your notes stay with your account, and you stay signed in.',
      okText: 'Clear',
      okButtonProps: { danger: true },
      cancelText: 'Cancel',
      onOk: () => {
        clearDealmapStorage([SESSION_STORAGE_KEY]);
        clearSavedTheme();
        dispatch(followSystemEnabled(systemTheme()));
        toast.success("This browser's Dealmap data is cleared.");
      },
    });
  };

  const isAgent = normalizeRole(user?.role) === 'Agent';
  const entries: Entry[] = [
    { key: 'browser', label: 'Browser', hint: 'Open this page in a new tab', icon: <GlobeIcon />, run: () => openInNewTab() },
    { key: 'email', label: 'Email', hint: 'Email a link to this page', icon: <MailIcon />, run: () => openMailClient() },
    { key: 'chat', label: 'Chat', hint: 'Message the Dealmap team', icon: <ChatIcon />, run: () => setDialog('chat') },
    {
      key: 'calculate',
      label: 'Calculate',
      hint: 'Mortgage payment calculator',
      icon: <CalculatorIcon />,
      run: () => setDialog('calculator'),
    },
    {
      key: 'record',
      label: 'Record',
      hint: onProperty ? 'Your notes on this property' : 'Your notes',
      icon: <NoteIcon />,
      run: () => setDialog('notes'),
    },
    { key: 'news', label: 'News', hint: "What's new in Dealmap", icon: <NewsIcon />, run: () => setDialog('news') },
    {
      key: 'add',
      label: 'Add',
      hint: isAgent ? 'Add a contact' : 'Find a property',
      icon: <PlusIcon />,
      run: () => void navigate(isAgent ? '/app/contacts' : '/app/search'),
    },
    {
      key: 'delete',
      label: 'Delete',
      hint: "Clear this browser's Dealmap data (theme choice)",
      icon: <TrashIcon />,
      run: confirmDelete,
    },
  ];

  return (
    <>
      <div className={`dm-radial${expanded ? ' open' : ''}`}>
        {rendered ? (
          <ul className="dm-radial-items" aria-label="Quick actions">
            {entries.map((entry, index) => {
              const { x, y } = radialOffset(index, entries.length);
              return (
                <li
                  key={entry.key}
                  className="dm-radial-item"
                  style={{
                    transform: expanded ? `translate(${x}px, ${y}px) scale(1)` : 'translate(0, 0) scale(0.4)',
                    transitionDelay: expanded ? `${index * 18}ms` : '0ms',
                  }}
                >
                  <Tooltip title={`${entry.label}: ${entry.hint}`} placement="left">
                    <Button
                      shape="circle"
                      aria-label={entry.label}
                      icon={entry.icon}
                      danger={entry.key === 'delete'}
                      onClick={() => {
                        close();
                        entry.run();
                      }}
                    />
                  </Tooltip>
                </li>
              );
            })}
          </ul>
        ) : null}
        <Button
          ref={toggleRef}
          type="primary"
          shape="circle"
          size="large"
          className="dm-radial-toggle"
          aria-label={expanded ? 'Close quick actions' : 'Open quick actions'}
          aria-expanded={expanded}
          onClick={expanded ? close : open}
          icon={<PlusIcon size={22} />}
        />
      </div>
      <MortgageCalculatorDialog open={dialog === 'calculator'} onClose={() => setDialog(null)} />
      <NotesDialog
        open={dialog === 'notes'}
        onClose={() => setDialog(null)}
        userId={user?._id ?? ''}
        propertyId={onProperty?.params.id ?? null}
      />
      <TeamChatDialog open={dialog === 'chat'} onClose={() => setDialog(null)} />
      <NewsDialog open={dialog === 'news'} onClose={() => setDialog(null)} />
    </>
  );
}
