import type { MenuItem, MenuSection } from '@kestrel/contract';
import { Badge, Box, Loader, ScrollArea, Text, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { select, useSelection } from '../session/selection';
import { MenuIcon } from './icons';
import { activeTrail, badgeColour, dashboardHref, hrefMatches, itemHref, toggleGroup } from './menu-model';
import classes from './SideNav.module.css';

interface Props {
  sections: MenuSection[] | undefined;
  loading: boolean;
  /** Called after a link is followed (closes the navigation on small screens). */
  onNavigate?: () => void;
}

/**
 * The left navigation (product §2, §4): sections of items of three kinds, groups nested up to three
 * levels, an accordion that follows the URL, site children that mark the selected site.
 */
export function SideNav({ sections, loading, onNavigate }: Props) {
  const location = useLocation();
  const where = useMemo(
    () => ({ pathname: location.pathname, search: location.search }),
    [location.pathname, location.search],
  );
  const trail = useMemo(() => activeTrail(sections ?? [], where), [sections, where]);
  const [open, setOpen] = useState<Set<string>>(new Set());
  // The group matching the URL opens and the others close.
  useEffect(() => setOpen(new Set(trail)), [trail]);
  const [hovered, setHovered] = useState(false);

  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      className={classes.nav}
      data-hovered={hovered || undefined}
      // Product §4 / product §10.15: scrolling overflow off while hovered, on when left.
      style={{ overflowY: hovered ? 'hidden' : 'auto' }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      data-testid="side-nav"
    >
      {loading ? (
        <Box className={classes.loader} role="status" data-testid="menu-loader">
          <Loader size="sm" color="white" />
          <Text size="sm" c="gray.3">
            Loading menu…
          </Text>
        </Box>
      ) : (
        <ScrollArea h="100%" scrollbarSize={4} classNames={{ thumb: classes.thumb }} type="hover">
          {(sections ?? []).map((section, si) => (
            <section key={section.label} className={classes.section} aria-label={section.label}>
              <Text component="h2" className={classes.sectionLabel}>
                {section.label}
              </Text>
              <ul className={classes.list}>
                {section.main.map((item, i) => (
                  <NavEntry
                    key={entryKey(item)}
                    item={item}
                    itemKey={`s${si}/${i}`}
                    depth={0}
                    open={open}
                    onToggle={(k) => setOpen((o) => toggleGroup(o, k))}
                    trail={trail}
                    where={where}
                    onNavigate={onNavigate}
                  />
                ))}
              </ul>
            </section>
          ))}
        </ScrollArea>
      )}
    </Box>
  );
}

const entryKey = (item: MenuItem) => `${item.name}|${item.state}|${item.location_id ?? ''}`;

interface EntryProps {
  item: MenuItem;
  itemKey: string;
  depth: number;
  open: Set<string>;
  onToggle: (key: string) => void;
  trail: string[];
  where: { pathname: string; search: string };
  onNavigate?: () => void;
}

function Badges({ item }: { item: MenuItem }) {
  return (
    <>
      {item.badge?.map((b, i) => (
        <Badge key={b.value} size="xs" color={badgeColour(b.type)} variant="filled" ml={i === 0 ? 'auto' : 0}>
          {b.value}
        </Badge>
      ))}
    </>
  );
}

function NavEntry({ item, itemKey, depth, open, onToggle, trail, where, onNavigate }: EntryProps) {
  const navigate = useNavigate();
  const selection = useSelection();
  const href = itemHref(item);
  const style = { paddingLeft: 12 + depth * 14 };

  if (item.type === 'external') {
    return (
      <li>
        <a
          className={classes.link}
          style={style}
          href={href ?? '#'}
          target={item.target ? '_blank' : undefined}
          rel="noopener noreferrer"
          data-kind="external"
        >
          <MenuIcon name={item.icon} image={item.image} />
          <span>{item.name}</span>
          <Badges item={item} />
        </a>
      </li>
    );
  }

  if (item.type === 'sub' && item.children?.length) {
    const isOpen = open.has(itemKey);
    const inTrail = trail.includes(itemKey);
    const selected = item.location_id != null && selection.site === String(item.location_id);
    const panel = `nav-panel-${itemKey.replaceAll('/', '-')}`;
    return (
      <li>
        <UnstyledButton
          className={classes.link}
          style={style}
          aria-expanded={isOpen}
          aria-controls={panel}
          data-kind="sub"
          data-depth={depth}
          data-in-trail={inTrail || undefined}
          data-selected={selected || undefined}
          onClick={() => {
            onToggle(itemKey);
            if (item.main_state && href && !isOpen) navigate(href);
          }}
        >
          <MenuIcon name={item.icon} image={item.image} />
          <span>{item.name}</span>
          <Badges item={item} />
          <IconChevronRight
            size={14}
            className={classes.chevron}
            data-open={isOpen || undefined}
            aria-hidden
          />
        </UnstyledButton>
        {isOpen ? (
          <ul className={classes.list} id={panel}>
            {item.children.map((child, i) => (
              <NavEntry
                key={entryKey(child)}
                item={child}
                itemKey={`${itemKey}/${i}`}
                depth={depth + 1}
                open={open}
                onToggle={onToggle}
                trail={trail}
                where={where}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        ) : null}
      </li>
    );
  }

  const active = href ? hrefMatches(href, where) && trail.at(-1) === itemKey : false;
  const to = href ? dashboardHref(href, where.pathname) : '/';
  return (
    <li>
      <Link
        className={classes.link}
        style={style}
        to={to}
        aria-current={active ? 'page' : undefined}
        data-kind="link"
        data-active={active || undefined}
        target={item.target ? '_blank' : undefined}
        onClick={() => {
          // Product §2: a site-level child marks its site as the selected item.
          if (item.location_id != null) {
            select({ site: String(item.location_id), siteName: item.parentName ?? null });
          }
          onNavigate?.();
        }}
      >
        <MenuIcon name={item.icon} image={item.image} />
        <span>{item.name}</span>
        <Badges item={item} />
      </Link>
    </li>
  );
}
