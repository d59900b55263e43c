import type { MenuSection } from '@kestrel/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render';
import { getSelection } from '../session/selection';
import { SideNav } from './SideNav';

const MENU: MenuSection[] = [
  {
    label: 'Sites',
    main: [
      {
        name: 'Alpha One',
        type: 'sub',
        state: 'hc-dashboards/SiteViewComponent',
        location_id: 11,
        children: [
          {
            name: 'Devices',
            type: 'link',
            state: 'device-details',
            location_id: 11,
            parentName: 'Alpha One',
          },
        ],
      },
      {
        name: 'Beta One',
        type: 'sub',
        state: 'hc-dashboards/SiteViewComponent',
        location_id: 21,
        children: [
          { name: 'Devices', type: 'link', state: 'device-details', location_id: 21, parentName: 'Beta One' },
        ],
      },
    ],
  },
  {
    label: 'Help',
    main: [
      { name: 'About', type: 'link', state: 'hc-about' },
      { name: 'Privacy policy', type: 'external', state: 'p', external: 'https://x.example/p', target: true },
    ],
  },
];

describe('SideNav', () => {
  it('shows a loader while the menu loads', () => {
    renderUi(<SideNav sections={undefined} loading />);
    expect(screen.getByTestId('menu-loader')).toHaveTextContent('Loading menu…');
  });

  it('renders sections with their label; links go to /state; external opens a new tab', () => {
    renderUi(<SideNav sections={MENU} loading={false} />);
    expect(screen.getByRole('heading', { name: 'Sites' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/hc-about');
    const ext = screen.getByRole('link', { name: 'Privacy policy' });
    expect(ext).toHaveAttribute('href', 'https://x.example/p');
    expect(ext).toHaveAttribute('target', '_blank');
  });

  it('opens the group matching the URL; a site child leads to state?site= and marks the site', async () => {
    renderUi(<SideNav sections={MENU} loading={false} />, { route: '/device-details?site=11' });
    const alpha = screen.getByRole('button', { name: 'Alpha One' });
    const beta = screen.getByRole('button', { name: 'Beta One' });
    expect(alpha).toHaveAttribute('aria-expanded', 'true');
    expect(beta).toHaveAttribute('aria-expanded', 'false');
    const child = screen.getByRole('link', { name: 'Devices' });
    expect(child).toHaveAttribute('href', '/device-details?site=11');
    expect(child).toHaveAttribute('aria-current', 'page');

    // Accordion: opening Beta closes Alpha; clicking Beta's child selects Beta.
    await userEvent.click(beta);
    expect(alpha).toHaveAttribute('aria-expanded', 'false');
    const betaPanel = document.getElementById(beta.getAttribute('aria-controls')!)!;
    await userEvent.click(within(betaPanel).getByRole('link', { name: 'Devices' }));
    expect(getSelection()).toMatchObject({ site: '21', siteName: 'Beta One' });
    expect(localStorage.getItem('siteName')).toBe('Beta One');
    expect(screen.getByRole('button', { name: 'Beta One' })).toHaveAttribute('data-selected', 'true');
  });

  it('turns scrolling overflow off while hovered and on when left (product §10.15)', async () => {
    renderUi(<SideNav sections={MENU} loading={false} />);
    const nav = screen.getByTestId('side-nav');
    expect(nav.style.overflowY).toBe('auto');
    await userEvent.hover(nav);
    expect(nav.style.overflowY).toBe('hidden');
    await userEvent.unhover(nav);
    expect(nav.style.overflowY).toBe('auto');
  });

  it("draws an item's image instead of the default icon, and a badge in its colour class's colour", () => {
    const sections: MenuSection[] = [
      {
        label: 'Help',
        main: [
          {
            name: 'Release notes',
            type: 'link',
            state: 'release-notes',
            image: '/images/release.svg',
            badge: [
              { type: 'badge-danger', value: 'New' },
              { type: 'badge-success', value: '3' },
            ],
          },
        ],
      },
    ];
    renderUi(<SideNav sections={sections} loading={false} />);
    const link = screen.getByRole('link', { name: /Release notes/ });
    const img = link.querySelector('img');
    expect(img).not.toBeNull();
    expect(img).toHaveAttribute('src', '/images/release.svg');
    // The image replaces the default drawing; there is no second icon beside it.
    expect(link.querySelectorAll('svg')).toHaveLength(0);
    const danger = within(link).getByText('New').closest('.mantine-Badge-root') as HTMLElement;
    const success = within(link).getByText('3').closest('.mantine-Badge-root') as HTMLElement;
    expect(danger.style.getPropertyValue('--badge-bg')).toContain('red');
    expect(success.style.getPropertyValue('--badge-bg')).toContain('green');
  });
});
