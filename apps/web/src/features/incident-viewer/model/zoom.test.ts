import { describe, expect, it } from 'vitest';
import { attachmentPreview, downloadUrl } from './attachment-preview';
import { canZoomIn, canZoomOut, ZOOM, zoomIn, zoomOut } from './zoom';

describe('zoom', () => {
  it('steps in and out from the initial scale', () => {
    expect(zoomIn(1)).toBe(1.25);
    expect(zoomOut(1)).toBe(0.8);
  });

  it('never goes below 0.2 or above the maximum', () => {
    let scale = 1;
    for (let i = 0; i < 20; i++) scale = zoomOut(scale);
    expect(scale).toBe(0.2);
    expect(canZoomOut(scale)).toBe(false);
    for (let i = 0; i < 40; i++) scale = zoomIn(scale);
    expect(scale).toBe(ZOOM.max);
    expect(canZoomIn(scale)).toBe(false);
  });
});

describe('attachmentPreview', () => {
  it('shows images, text, PDF, video and audio, names office files and downloads the rest', () => {
    expect(attachmentPreview('IMAGE')).toBe('image');
    expect(attachmentPreview('TXT')).toBe('text');
    expect(attachmentPreview('PDF')).toBe('pdf');
    expect(attachmentPreview('DOC')).toBe('document');
    expect(attachmentPreview('XLS')).toBe('document');
    expect(attachmentPreview('MOVIE')).toBe('video');
    expect(attachmentPreview('AUDIO')).toBe('audio');
    expect(attachmentPreview('ETC')).toBe('download');
    expect(attachmentPreview(undefined)).toBe('download');
  });

  it('asks the server for a download with download=1', () => {
    expect(downloadUrl('/api/files/k?a=1&e=2&s=3&name=x')).toBe('/api/files/k?a=1&e=2&s=3&name=x&download=1');
    expect(downloadUrl('/api/files/k')).toBe('/api/files/k?download=1');
  });
});
