// Digital delivery (issue 23): the owner's files and links, and the grants that deliver them.
import type { Db } from "../../db/client.ts";
import { DigitalFilesService } from "./digital-files.ts";
import { DownloadGrantService } from "./download-grants.ts";

export interface DownloadServices {
  files: DigitalFilesService;
  grants: DownloadGrantService;
}

export function createDownloadServices(db: Db, websiteId: string, mediaDir: string, now: () => Date): DownloadServices {
  const files = new DigitalFilesService(db, websiteId, mediaDir);
  return { files, grants: new DownloadGrantService(db, websiteId, files, now) };
}
