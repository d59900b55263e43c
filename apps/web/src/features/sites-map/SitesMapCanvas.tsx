import 'leaflet/dist/leaflet.css';
import type { AppConfig, SitesMapSite } from '@kestrel/contract';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
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
const LAND = { color: '#9aa5b1', weight: 0.6, fillColor: '#f4f1ea', fillOpacity: 1 };

/**
 * The Leaflet map (docs/map.md), loaded lazily with the first map. Offline it draws the bundled
 * Natural Earth outlines as a vector layer; with a tile service configured it uses that, falling
 * back to the outlines when tiles do not arrive. Markers are redrawn from the cluster index at
 * every zoom or pan.
 */
export default function SitesMapCanvas({ sites, height, onOpen }: SitesMapCanvasProps) {
  const tiles = useAppConfig().mapTiles;
  const box = useRef<HTMLElement>(null);
  const open = useRef(onOpen);
  open.current = onOpen;

  useEffect(() => {
    const map = L.map(box.current!, {
      worldCopyJump: true,
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
        L.geoJSON(world, { style: LAND, interactive: false }).addTo(map).bringToBack();
      });
    };
    if (tiles) baseTiles(tiles, addOutlines).addTo(map);
    else addOutlines();

    const indexed = indexSites(sites);
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      const b = map.getBounds();
      const bbox: [number, number, number, number] = [
        Math.max(-180, b.getWest()),
        Math.max(-85, b.getSouth()),
        Math.min(180, b.getEast()),
        Math.min(85, b.getNorth()),
      ];
      for (const m of markersIn(indexed, bbox, map.getZoom())) {
        const marker = markerOf(m);
        marker.on('click', () => {
          if (m.kind === 'site') open.current(m.site);
          else map.setView([m.lat, m.lng], indexed.index.getClusterExpansionZoom(m.clusterId));
        });
        marker.addTo(layer);
      }
    };
    map.on('moveend', draw);
    map.fitBounds(L.latLngBounds(sites.map((s) => [s.latitude!, s.longitude!])), {
      padding: [32, 32],
      maxZoom: 9,
    });
    return () => {
      closed = true;
      map.remove();
    };
  }, [sites, tiles]);

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

function markerOf(m: MapMarker) {
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
