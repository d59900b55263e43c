import 'leaflet/dist/leaflet.css';
import type { AppConfig, SitesMapSite } from '@kestrel/contract';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useAppConfig } from '../../app/config';
import { indexSites, type MapMarker, markersIn } from './clusters';
import { clusterLabel, markerColours, siteLabel } from './markers';
import { worldOutlines } from './world';

export interface SitesMapCanvasProps {
  /** Sites with coordinates. */
  sites: SitesMapSite[];
  height: number;
  onOpen: (site: SitesMapSite) => void;
}

const SEA = '#dbe7f3';
const FIT_MAX_ZOOM = 5;
/** From this zoom site markers carry their names: the offline outlines have no streets or towns. */
const LABEL_ZOOM = 6;
const LAND = { color: '#9aa5b1', weight: 0.6, fillColor: '#f4f1ea', fillOpacity: 1 };

/**
 * The Leaflet map (docs/map.md), loaded lazily with the first map. Offline it draws the bundled
 * Natural Earth outlines as a vector layer; with a tile service configured it uses that, falling
 * back to the outlines when tiles do not arrive. Markers are redrawn from the cluster index at
 * every zoom.
 */
export default function SitesMapCanvas({ sites, height, onOpen }: SitesMapCanvasProps) {
  const tiles = useAppConfig().mapTiles;
  const box = useRef<HTMLElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  // The map and its base layer, once per tile configuration.
  useEffect(() => {
    const m = L.map(box.current!, {
      worldCopyJump: true,
      // The outlines on one canvas rather than ~180 SVG paths: lighter for the page and for
      // accessibility tools; the markers stay elements (focusable, with names).
      preferCanvas: true,
      minZoom: 1,
      maxZoom: tiles ? 18 : 12,
      zoomSnap: 1,
      attributionControl: Boolean(tiles),
    });
    let closed = false;
    let outlinesAdded = false;
    const addOutlines = () => {
      if (outlinesAdded) return;
      outlinesAdded = true;
      void worldOutlines().then((world) => {
        if (closed) return;
        L.geoJSON(world, { style: LAND, interactive: false }).addTo(m).bringToBack();
        box.current?.setAttribute('data-basemap', `outlines:${world.features.length}`);
      });
    };
    if (tiles) baseTiles(tiles, addOutlines).addTo(m);
    else addOutlines();
    setMap(m);
    return () => {
      closed = true;
      setMap(null);
      m.remove();
    };
  }, [tiles]);

  // The markers; the view is fitted to the sites once, so a refresh does not undo the user's zoom.
  const fitted = useRef<L.Map | null>(null);
  useEffect(() => {
    if (!map) return;
    const indexed = indexSites(sites);
    const layer = L.layerGroup().addTo(map);
    // Clusters change with the zoom only; all of them are drawn (a fleet has at most a few
    // thousand sites), so panning — also Leaflet's pan to a marker that gets keyboard focus —
    // never replaces the marker in focus.
    let drawnZoom = -1;
    const draw = () => {
      if (map.getZoom() === drawnZoom) return;
      drawnZoom = map.getZoom();
      layer.clearLayers();
      for (const m of markersIn(indexed, [-180, -85, 180, 85], drawnZoom)) {
        const marker = markerOf(m, drawnZoom >= LABEL_ZOOM);
        const activate = () => {
          if (m.kind === 'site') open.current(m.site);
          else map.setView([m.lat, m.lng], indexed.index.getClusterExpansionZoom(m.clusterId));
        };
        marker.on('click', activate);
        // Leaflet passes Enter on a focused marker as 'keypress' (it opens popups with it).
        marker.on('keypress', (e) => {
          if ((e as L.LeafletKeyboardEvent).originalEvent.key === 'Enter') activate();
        });
        marker.addTo(layer);
      }
    };
    if (fitted.current !== map) {
      fitted.current = map;
      map.fitBounds(L.latLngBounds(sites.map((s) => [s.latitude!, s.longitude!])), {
        padding: [32, 32],
        // Closer than this the bundled outlines show nothing but land: leave the region in view.
        maxZoom: FIT_MAX_ZOOM,
      });
    }
    map.on('zoomend', draw);
    draw();
    return () => {
      map.off('zoomend', draw);
      // On unmount the map may be gone already (its own cleanup runs first and removes every layer).
      if (map.hasLayer(layer)) map.removeLayer(layer);
    };
  }, [map, sites]);

  return (
    <section
      ref={box}
      data-testid="sites-map"
      aria-label="Map of your sites: Tab to a site and press Enter to open it"
      style={{ height, background: SEA, borderRadius: 8 }}
    />
  );
}

function baseTiles(t: NonNullable<AppConfig['mapTiles']>, onFailure: () => void) {
  // Leaflet fills {apiKey} in the template from an option of that name.
  const options: L.TileLayerOptions & { apiKey: string } = {
    apiKey: t.apiKey ?? '',
    attribution: t.attribution,
    maxZoom: 18,
  };
  const layer = L.tileLayer(t.url, options);
  // Without network (or with a wrong key) the tiles never come: show the bundled outlines.
  layer.once('tileerror', onFailure);
  return layer;
}

function markerOf(m: MapMarker, labelled: boolean) {
  const c = markerColours(m.status);
  const cluster = m.kind === 'cluster';
  const size = cluster ? 30 + Math.min(12, Math.round(Math.log2(m.count) * 3)) : 18;
  const label = cluster ? clusterLabel(m.count, m.status) : siteLabel(m.site);
  const icon = L.divIcon({
    className: 'kestrel-map-marker',
    iconSize: [size, size],
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:${c.bg};color:${c.fg};border:2px solid #fff;box-shadow:0 0 0 1px rgba(0,0,0,.45);font:600 12px/1 system-ui,sans-serif">${cluster ? m.count : ''}</span>`,
  });
  const marker = L.marker([m.lat, m.lng], { icon, keyboard: true, title: label, riseOnHover: true });
  if (labelled && m.kind === 'site')
    marker.bindTooltip(m.site.name, {
      permanent: true,
      direction: 'right',
      offset: [10, 0],
      className: 'kestrel-map-label',
    });
  marker.on('add', () => {
    const el = marker.getElement();
    if (!el) return;
    el.setAttribute('aria-label', label);
    el.dataset.kind = m.kind;
    el.dataset.status = m.status ?? 'grey';
    if (m.kind === 'site') el.dataset.siteId = String(m.site.id);
    else el.dataset.count = String(m.count);
  });
  return marker;
}
